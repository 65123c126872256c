import sys
import traceback


def outer():
    return inner()


def inner():
    stack = traceback.extract_stack()
    for fs in stack:
        print(fs.name, fs.lineno, fs.line)
    print("".join(traceback.format_stack(limit=2)), end="")
    traceback.print_stack(file=sys.stdout, limit=1)
    return len(stack)


print(outer())
