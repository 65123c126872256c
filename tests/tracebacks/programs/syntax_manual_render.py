import sys
import traceback

cases = [
    ("plain", ("file.py", 3, 5, "x = foo bar\n", 3, 12)),
    ("indented", ("file.py", 7, 9, "    return foo bar\n", 7, 17)),
    ("no offset", ("file.py", 2, None, "value = 1\n", None, None)),
    ("zero end", ("file.py", 2, 3, "abc def\n", 2, 0)),
    ("same end", ("file.py", 2, 3, "abc def\n", 2, 3)),
    ("multi line", ("file.py", 4, 2, "(a\n", 6, 1)),
    ("tabs", ("file.py", 1, 3, "\t\tx y\n", 1, 6)),
    ("no text", ("file.py", 9, 2, None, None, None)),
    ("no lineno", ("file.py", None, None, None, None, None)),
    ("no filename", (None, 5, 1, "z\n", 5, 2)),
    ("offset past end", ("f.py", 1, 20, "short\n", 1, 25)),
    ("negative offset", ("f.py", 1, -3, "neg\n", 1, 2)),
]
for msg, details in cases:
    e = SyntaxError(msg, details)
    sys.stdout.write("".join(traceback.format_exception_only(e)))
for cls in (IndentationError, TabError):
    e = cls("sub " + cls.__name__, ("g.py", 2, 3, "  abc\n", 2, 6))
    sys.stdout.write("".join(traceback.format_exception_only(e)))
e = SyntaxError(None, ("h.py", 1, 1, "x\n", 1, 2))
sys.stdout.write("".join(traceback.format_exception_only(e)))
