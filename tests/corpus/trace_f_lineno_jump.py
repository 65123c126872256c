# frame.f_lineno assignment from a trace function (the jump that pdb's
# `jump` command makes): allowed jumps forward and backward, out of loops,
# `with` blocks and `except` blocks, from a generator's yield, and the
# ValueError of each forbidden one.
import re
import sys


class Jumper:
    """Jump in `func` from line `frm` to line `to` (relative to its `def`)
    at the first `event` there; record what the assignment raised."""

    def __init__(self, func, frm, to, event="line"):
        self.code = func.__code__
        self.first = self.code.co_firstlineno
        self.frm, self.to, self.event = frm, to, event
        self.done = False
        self.error = None

    def trace(self, frame, event, arg):
        if self.done:
            return None
        if (frame.f_code is self.code or frame.f_back and frame.f_back.f_code is self.code) \
                and event == self.event and frame.f_lineno == self.first + self.frm:
            self.done = True
            try:
                frame.f_lineno = self.to if isinstance(self.to, str) else self.first + self.to
            except ValueError as e:
                self.error = re.sub(r"line (\d+)", lambda m: f"line {int(m.group(1)) - self.first:+d}", str(e))
        return self.trace


def run(func, frm, to, event="line"):
    j = Jumper(func, frm, to, event)
    out = []
    sys.settrace(j.trace)
    try:
        func(out)
    except Exception as e:
        out.append(type(e).__name__)
    finally:
        sys.settrace(None)
    print(f"{func.__name__:32} {out} {j.error or ''}".rstrip())


def forward(out):
    out.append(1)
    out.append(2)
    out.append(3)


def backward(out):
    out.append(1)
    out.append(2)
    if len(out) < 5:
        out.append(4)


def out_of_for(out):
    for i in range(3):
        out.append(i)
        out.append(-i)
    out.append(5)


def between_fors(out):
    for a in "ab":
        out.append(a)
    for b in "cd":
        out.append(b)
    out.append(7)


def out_of_nested_for(out):
    for i in range(2):
        for j in range(2):
            out.append((i, j))
            out.append(5)
    out.append(6)


def out_of_with(out):
    class C:
        def __enter__(self):
            out.append("enter")
        def __exit__(self, *a):
            out.append("exit")
    with C():
        out.append(8)
        out.append(9)
    out.append(10)


def out_of_except(out):
    try:
        1 / 0
    except ZeroDivisionError:
        out.append(4)
        out.append(5)
    out.append(sys.exc_info()[0])


def into_for_body(out):
    out.append(1)
    for i in range(2):
        out.append(i)
    out.append(4)


def into_except(out):
    out.append(1)
    try:
        out.append(3)
    except ValueError:
        out.append(5)
    out.append(6)


def before_block(out):
    out.append(1)
    out.append(2)


def after_block(out):
    out.append(1)
    out.append(2)


def to_string(out):
    out.append(1)
    out.append(2)


def huge_line(out):
    out.append(1)
    out.append(2)


def from_call(out):
    out.append(1)
    def nested():
        out.append(3)
    nested()
    out.append(5)


def from_return(out):
    out.append(1)
    return


def from_exception(out):
    out.append(1)
    1 / 0


def from_yield(out):
    def gen():
        out.append(2)
        yield 3
        out.append(4)
    g = gen()
    out.append(next(g))
    out.append(7)


def skip_assignment(out):
    x = 1
    x = 2
    out.append(x)


def to_blank_line(out):
    out.append(1)

    out.append(3)


def in_while(out):
    n = 0
    while n < 3:
        n += 1
        out.append(n)
    out.append("end")


run(forward, 1, 3)
run(backward, 3, 1)
run(out_of_for, 3, 4)
run(between_fors, 2, 3)
run(out_of_nested_for, 3, 5)
run(out_of_with, 7, 9)
run(out_of_except, 4, 6)
run(into_for_body, 1, 3)
run(into_except, 1, 5)
run(before_block, 2, -5)
run(after_block, 2, 50)
run(to_string, 1, "two")
run(huge_line, 1, 10 ** 30)
run(from_call, 2, 4, "call")
run(from_return, 2, 1, "return")
run(from_exception, 2, 1, "exception")
run(from_yield, 3, 2, "return")
run(skip_assignment, 2, 3)
run(to_blank_line, 1, 2)
run(in_while, 4, 5)


# Without a trace function running, the assignment is refused (the
# message names trace functions or trace events).
def no_trace():
    f = sys._getframe()
    try:
        f.f_lineno = f.f_lineno
    except ValueError as e:
        print("no trace:", "trace" in str(e))
no_trace()


# f_lineno reads the new line at once, inside the same trace function.
def reads_back(out):
    out.append(1)
    out.append(2)
    out.append(3)

seen = []
def tracer(frame, event, arg):
    if frame.f_code is reads_back.__code__ and event == "line" \
            and frame.f_lineno == reads_back.__code__.co_firstlineno + 1:
        frame.f_lineno += 2
        seen.append(frame.f_lineno - reads_back.__code__.co_firstlineno)
    return tracer
out = []
sys.settrace(tracer)
reads_back(out)
sys.settrace(None)
print("reads back", seen, out)


# A hook that sets f_lineno and then raises leaves the frame where it was.
def raiser_target(out):
    out.append(1)
    out.append(2)
    out.append(3)

def raiser(frame, event, arg):
    if frame.f_code is raiser_target.__code__ and event == "line" \
            and frame.f_lineno == raiser_target.__code__.co_firstlineno + 1:
        frame.f_lineno += 2
        raise KeyError("boom")
    return raiser
out = []
sys.settrace(raiser)
try:
    raiser_target(out)
except KeyError as e:
    print("raised", e, out, sys.gettrace())
sys.settrace(None)
