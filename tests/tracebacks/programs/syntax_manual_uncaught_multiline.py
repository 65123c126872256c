err = SyntaxError("spans lines", ("gen.py", 2, 5, "foo(bar,\n", 4, 2))
raise err
