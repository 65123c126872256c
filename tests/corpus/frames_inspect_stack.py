# Frames seen through inspect and traceback: inspect.stack(),
# inspect.getframeinfo, inspect.isframe / types.FrameType,
# traceback.extract_stack and format_stack, getouterframes, frame repr.
import inspect
import re
import sys
import traceback
import types


def f():
    st = inspect.stack()
    print(st[0][3], st[1][3], st[2][3], st[0].function, st[0].lineno, st[0].code_context, st[0].index)
    print(st[0].filename == __file__, st[0][1] == __file__)
    fi = inspect.getframeinfo(inspect.currentframe())
    print(fi.function, fi.lineno, fi.code_context, fi.index)
    fi = inspect.getframeinfo(sys._getframe(1), context=3)
    print(fi.function, fi.lineno, fi.code_context, fi.index)
    print(isinstance(inspect.currentframe(), types.FrameType), inspect.isframe(sys._getframe()))
    print(inspect.isframe(sys._getframe(1)), inspect.istraceback(sys._getframe()))
    for fs in traceback.extract_stack()[-3:]:
        print(fs.name, fs.lineno, fs.line)
    print([x.function for x in inspect.stack()])
    print([x[3] for x in inspect.getouterframes(inspect.currentframe(), 0)])
    try:
        1 / 0
    except ZeroDivisionError as e:
        print([t.function for t in inspect.getinnerframes(e.__traceback__)])
        print(inspect.isframe(e.__traceback__.tb_frame))
    print(traceback.format_stack(limit=1)[0].splitlines()[1].strip())
    r = repr(sys._getframe())
    print(re.sub(r"0x[0-9a-f]+", "ADDR", r).replace(repr(__file__), "FILE"))
    print(sys._getframe().f_code.co_name, sys._getframe(1).f_lineno, sys._getframe().f_back.f_code.co_name)


def g():
    f()


class K:
    def method(self):
        return inspect.stack()[0][3], inspect.stack()[1].function

g()
print(K().method())
print([x.function for x in inspect.stack()])
