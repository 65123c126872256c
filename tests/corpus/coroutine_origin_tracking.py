# sys.set_coroutine_origin_tracking_depth: cr_origin records where each new
# coroutine was made, and the never-awaited warning quotes it.
import gc
import sys
import warnings


async def corofn():
    pass


def here():
    return sys._getframe(1).f_lineno


def origin(c):
    return [(line, name) for (_, line, name) in c.cr_origin] if c.cr_origin is not None else None


print(sys.get_coroutine_origin_tracking_depth())
c = corofn()
print(origin(c))
c.close()

sys.set_coroutine_origin_tracking_depth(2)
print(sys.get_coroutine_origin_tracking_depth())


def nested():
    return corofn()


def outer():
    return nested()


c = outer()
print(origin(c))
c.close()
try:
    sys.set_coroutine_origin_tracking_depth(-1)
except ValueError as e:
    print("ValueError:", e, sys.get_coroutine_origin_tracking_depth())

sys.set_coroutine_origin_tracking_depth(1)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    outer()
    gc.collect()
print([str(x.message).replace(__file__, "FILE") for x in w])
sys.set_coroutine_origin_tracking_depth(0)

# A broken warnings._warn_unawaited_coroutine: its error is unraisable and
# the plain warning is still given.
seen = []
sys.unraisablehook = lambda u: seen.append((u.exc_type.__name__, u.object is not None))
original = warnings._warn_unawaited_coroutine
warnings._warn_unawaited_coroutine = lambda coro: 1/0
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    c = corofn()
    del c
    gc.collect()
warnings._warn_unawaited_coroutine = original
print(seen, [str(x.message) for x in w])
