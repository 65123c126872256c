# sys.setrecursionlimit refuses a limit at or below the current depth (the
# call itself counts); a limit just above it still lets a handler recurse
# until RecursionError, and the caller goes on below it.
import sys


def lowest_limit():
    depth = 1
    while True:
        try:
            sys.setrecursionlimit(depth)
        except RecursionError as e:
            last = str(e)
            depth += 1
        else:
            return depth, last


def recurse_in_except():
    try:
        1/0
    except ZeroDivisionError:
        recurse_in_except()


def recurse_after_except():
    try:
        1/0
    except ZeroDivisionError:
        pass
    recurse_after_except()


def recurse_in_body_and_except():
    try:
        recurse_in_body_and_except()
    except RecursionError:
        recurse_in_body_and_except()


original = sys.getrecursionlimit()
try:
    depth, message = lowest_limit()
    print(depth, message)
    sys.setrecursionlimit(depth + 10)
    for func in (recurse_in_except, recurse_after_except, recurse_in_body_and_except):
        try:
            func()
        except RecursionError:
            print(func.__name__, "RecursionError")
finally:
    sys.setrecursionlimit(original)
try:
    sys.setrecursionlimit(0)
except ValueError as e:
    print("ValueError:", e)
print(sys.getrecursionlimit() == original)
