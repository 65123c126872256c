def greet(name):
    raise ValueError(f"bad name: {name!r} — «ünïcödé» 中文")


greet("Zoë")
