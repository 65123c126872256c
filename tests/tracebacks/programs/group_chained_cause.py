try:
    raise OSError("low level")
except OSError as e:
    raise ExceptionGroup("high level", [ValueError("a")]) from e
