# Source locations of code objects that were decoded rather than compiled
# here: frozen standard-library modules (decoded at start-up or at their
# import), code that went through marshal, and code compiled in this run.
# Each kind is read through tracebacks (line and columns), f_lineno,
# co_lines, co_positions and the traceback module's frame summaries.
import marshal
import os
import posixpath
import sys
import traceback


def frame_lines(f):
    return [(os.path.basename(f.filename), f.name, f.lineno)
            for f in traceback.extract_stack(f)][-3:]


# A frozen module's function raising: the frames inside posixpath and
# genericpath (whose file names and line numbers are the interpreter's own)
# name a line of the function that was running.
try:
    posixpath.join("a", 1)
except TypeError as e:
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        lines = {line for _, _, line in code.co_lines() if line is not None}
        print("frozen", code.co_name, tb.tb_lineno in lines, tb.tb_lineno == tb.tb_frame.f_lineno)
        tb = tb.tb_next

# A frozen module calling back into this file: its frames' f_lineno.
seen = []


def key(item):
    seen.append(frame_lines(sys._getframe()))
    return item


sorted([3, 1, 2], key=key)
import functools
functools.reduce(lambda a, b: seen.append(frame_lines(sys._getframe())) or a + b, [1, 2, 3])
for rows in (seen[0], seen[-1]):
    print("callback", rows)

# Line events of frozen code under a trace function: each names a line of
# the code that is running.
events = []


def tracer(frame, event, arg):
    if event == "line":
        code = frame.f_code
        lines = {line for _, _, line in code.co_lines() if line is not None}
        events.append((code.co_name, frame.f_lineno in lines))
    return tracer


sys.settrace(tracer)
posixpath.basename("a/b/c")
posixpath.splitext("x.tar.gz")
sys.settrace(None)
print("traced", sorted(set(events)), len(events) > 3)

# co_lines and co_positions of frozen code: every line an instruction
# belongs to is a line of the function, in order of first appearance.
code = posixpath.join.__code__
lines = sorted({line for _, _, line in code.co_lines() if line is not None})
first, last = lines[0], lines[-1]
print("join lines within the def:", code.co_firstlineno <= first and last < code.co_firstlineno + 60)
positions = list(code.co_positions())
print("positions count matches co_lines span:",
      len(positions) == sum((end - start) // 2 for start, end, _ in code.co_lines()))
print("position lines are join's:", {p[0] for p in positions if p[0] is not None} == set(lines))

# Code that went through marshal: the same lines and columns as compiled.
source = '''\
def outer(x):
    y = x + 1
    return inner(y)


def inner(z):
    return 10 // (z - z)
'''
compiled = compile(source, "marshalled.py", "exec")
loaded = marshal.loads(marshal.dumps(compiled))
for label, code in (("compiled", compiled), ("marshalled", loaded)):
    ns = {}
    exec(code, ns)
    try:
        ns["outer"](1)
    except ZeroDivisionError as e:
        frames = traceback.extract_tb(e.__traceback__)[1:]
        print(label, [(f.name, f.lineno, f.colno, f.end_colno) for f in frames])
    inner = ns["inner"].__code__
    print(label, "inner lines", sorted({l for _, _, l in inner.co_lines() if l is not None}))
print("same positions:", list(compiled.co_consts[0].co_positions()) == list(loaded.co_consts[0].co_positions()))

# A traceback through several frames printed whole.
def a():
    b()


def b():
    {}["missing"]


try:
    a()
except KeyError:
    text = traceback.format_exc().replace(__file__, "FILE")
    print(text)
