IANA_VERSION = "2024a"  # a minimal stand-in for the tzdata package: one zone
