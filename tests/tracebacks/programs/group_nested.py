def fail(cls, msg):
    try:
        raise cls(msg)
    except Exception as e:
        return e


inner = ExceptionGroup("inner", [fail(KeyError, "k"), fail(OSError, "io")])
outer = ExceptionGroup("outer", [fail(ValueError, "v"), inner, fail(TypeError, "t")])
raise outer
