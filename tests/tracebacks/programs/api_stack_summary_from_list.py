import sys
import traceback

entries = [
    ("prog.py", 10, "main", "run()"),
    ("lib.py", 22, "run", "step(1)"),
    ("lib.py", 30, "step", None),
]
print("".join(traceback.format_list(entries)), end="")
traceback.print_list(entries, file=sys.stdout)
fs = traceback.FrameSummary("x.py", 3, "f", line="  y = 1  ", locals={"a": 1, "b": "two"})
print(repr(fs.line), fs.locals)
stack = traceback.StackSummary.from_list([fs, ("z.py", 1, "g", "pass")])
print("".join(stack.format()), end="")
fs2 = traceback.FrameSummary("x.py", 3, "f", lookup_line=False)
print(fs2 == traceback.FrameSummary("x.py", 3, "f", lookup_line=False))
print(fs2.line)
