def parse(text):
    try:
        return int(text)
    except ValueError:
        raise RuntimeError(f"could not parse {text!r}")


parse("seven")
