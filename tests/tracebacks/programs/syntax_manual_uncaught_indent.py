raise IndentationError("bad indent", ("gen.py", 3, 2, "\t  x = 1\n", 3, 9))
