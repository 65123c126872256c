import sys, threading

log = []
def tracer(frame, event, arg):
    if frame.f_code.co_name == "job":
        log.append(("T", event, frame.f_lineno))
    return tracer

def plog(frame, event, arg):
    if event.startswith("c_"):
        if getattr(arg, "__name__", "") == "sqrt_like":
            log.append(("P", event))
    elif frame.f_code.co_name == "job":
        log.append(("P", event, frame.f_lineno))

def job(n):
    t = 0
    for i in range(n):
        t += i
    return t

threading.settrace(tracer)
th = threading.Thread(target=job, args=(2,))
th.start(); th.join()
threading.settrace(None)
threading.setprofile(plog)
th = threading.Thread(target=job, args=(1,))
th.start(); th.join()
threading.setprofile(None)
for e in log:
    print(*e)
print(sys.gettrace(), sys.getprofile())
