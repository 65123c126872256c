# Builtins that read their caller's frame, called in hot loops directly and
# from small functions the JIT would inline: compiled code has no frames for
# inlined calls and keeps the loop's locals in registers, so these calls must
# see what the interpreter would show (the recorder leaves such loops alone).
import sys

G = "module global"


def loc(a):
    b = a + 1
    return sorted(locals().items())


def frame_names(a):
    return sys._getframe().f_code.co_name, sys._getframe(1).f_code.co_name


def vars_keys(a):
    c = a * 2
    return sorted(vars().keys())


def global_names(a):
    return "G" in globals(), a


def lineno(a):
    return sys._getframe(1).f_lineno


def main():
    seen = set()
    lines = set()
    total = 0
    for i in range(3000):
        seen.add(str(loc(i % 3)))
        seen.add(str(frame_names(i)))
        seen.add(str(vars_keys(i)))
        seen.add(str(global_names(i % 2)))
        lines.add(lineno(i))
        here = sorted(k for k in locals() if k != "here")
        total += len(here)
    print(sorted(seen))
    print(sorted(lines), total)


main()
