# A signal that arrives during a builtin call (_thread.interrupt_main, signal.raise_signal)
# is handled when the call returns, as CPython's CALL checks its eval breaker: the
# KeyboardInterrupt is raised inside the try around the call, in loops too.
import _thread
import signal


def loop(n):
    caught = 0
    for i in range(n):
        try:
            _thread.interrupt_main()
            x = i
        except KeyboardInterrupt:
            caught += 1
    return caught


print(loop(10))
got = []
signal.signal(signal.SIGUSR1, lambda *a: got.append(len(got)))


def raise_in_loop(n):
    seen = []
    for i in range(n):
        signal.raise_signal(signal.SIGUSR1)
        seen.append(len(got))
    return seen


print(raise_in_loop(6))
try:
    _thread.interrupt_main()
    print("not reached")
except KeyboardInterrupt:
    print("caught at the call")
