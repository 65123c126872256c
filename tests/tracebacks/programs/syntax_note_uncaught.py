e = SyntaxError("with a note", ("n.py", 1, 1, "abc\n", 1, 4))
e.add_note("a note on a SyntaxError")
raise e
