import sys
import traceback


class EnterFails:
    def __enter__(self):
        raise KeyError("enter failed")

    def __exit__(self, *exc):
        return False


class ExitFails:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        raise RuntimeError("exit failed")


def fails(*args):
    raise ValueError(f"called with {len(args)} arguments")


def show(func):
    try:
        func()
    except Exception:
        traceback.print_exc(file=sys.stdout)


def for_call():
    for x in fails():
        pass


def for_not_iterable():
    for x in None:
        pass


def with_call():
    with fails():
        pass


def with_three_nones():
    with fails(None, None, None):
        pass


def with_enter_fails():
    with EnterFails() as manager:
        pass


def with_exit_after_body():
    with ExitFails():
        x = 1


def with_two_items():
    with ExitFails() as a, open(__file__) as b:
        pass


def nested_for():
    for i in range(2):
        for j in fails(i):
            pass


for func in (for_call, for_not_iterable, with_call, with_three_nones, with_enter_fails,
             with_exit_after_body, with_two_items, nested_for):
    show(func)
with_exit_after_body()
