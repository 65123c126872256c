def wrapped():
    try:
        raise ValueError("root cause")
    except ValueError as e:
        try:
            raise RuntimeError("wrapper") from e
        except RuntimeError as r:
            return r


try:
    raise KeyError("context of group")
except KeyError:
    raise ExceptionGroup("grouped", [wrapped(), ZeroDivisionError("zero")])
