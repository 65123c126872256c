# A trace hook set while list/set consumes a generator inline (push::consume):
# the rest of the run reports the events CPython reports.
import sys
events = []
def tracer(frame, event, arg):
    if frame.f_code.co_name in ("<genexpr>", "run"):
        events.append((frame.f_code.co_name, event))
    return tracer
def val(i):
    if i == 3:
        sys.settrace(tracer)
    return i
def run(n):
    out = []
    for k in range(n):
        out.append(sorted(set(val(i) if k == n - 1 else i for i in range(5))))
    return out[-1]
print(run(30))
sys.settrace(None)
print(events)
