raise SyntaxError(None, ("gen.py", 1, 1, "?\n", 1, 2))
