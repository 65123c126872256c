"""Records Python's results for the arithmetic the trace IR folds and compiles.

Run with python3 (CPython 3.11.7 on the project machine):
    python3 gen_pysemantics.py > pysemantics.txt
Each line: `op a b result`. Ints are decimal. Floats are the hex of their IEEE bits
(exact). `exit` means Python raised (ZeroDivisionError, ValueError) or the int result
does not fit in an i64, i.e. a trace must leave through the guard's exit.
"""
import struct

I64_MIN, I64_MAX = -2**63, 2**63 - 1
INTS = [0, 1, -1, 2, -2, 3, -3, 7, -7, 8, -8, 10, -10, 2**31, 2**32, -2**32 - 5,
        12345678901, -98765432109, 2**62, -2**62, I64_MAX, I64_MIN, I64_MAX - 1,
        I64_MIN + 1]
SHIFTS = [-1, 0, 1, 2, 31, 32, 62, 63, 64, 100]
FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, -3.0, 7.5, -7.5, 0.1, -0.1,
          1e-300, -1e-300, 1e300, -1e300, 5e-324, 2.0**53, float("inf"),
          float("-inf"), float("nan")]


def bits(x):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def int_result(f, a, b):
    try:
        r = f(a, b)
    except (ZeroDivisionError, ValueError):
        return "exit"
    return str(r) if I64_MIN <= r <= I64_MAX else "exit"


def float_result(f, a, b):
    try:
        return bits(f(a, b))
    except ZeroDivisionError:
        return "exit"


def main():
    out = []
    binary = {
        "int_floordiv": lambda a, b: a // b,
        "int_mod": lambda a, b: a % b,
        "int_add_ovf": lambda a, b: a + b,
        "int_sub_ovf": lambda a, b: a - b,
        "int_mul_ovf": lambda a, b: a * b,
    }
    for name, f in binary.items():
        for a in INTS:
            for b in INTS:
                out.append(f"{name} {a} {b} {int_result(f, a, b)}")
    for a in INTS:
        out.append(f"int_neg_ovf {a} 0 {int_result(lambda x, _: -x, a, 0)}")
        for b in SHIFTS:
            out.append(f"int_lshift_ovf {a} {b} {int_result(lambda x, y: x << y, a, b)}")
            out.append(f"int_rshift {a} {b} {int_result(lambda x, y: x >> y, a, b)}")
    fbinary = {
        "float_floordiv": lambda a, b: a // b,
        "float_mod": lambda a, b: a % b,
        "float_div": lambda a, b: a / b,
        "float_add": lambda a, b: a + b,
        "float_sub": lambda a, b: a - b,
        "float_mul": lambda a, b: a * b,
    }
    for name, f in fbinary.items():
        for a in FLOATS:
            for b in FLOATS:
                out.append(f"{name} {bits(a)} {bits(b)} {float_result(f, a, b)}")
    compares = {
        "float_lt": lambda a, b: a < b,
        "float_le": lambda a, b: a <= b,
        "float_eq": lambda a, b: a == b,
        "float_ne": lambda a, b: a != b,
        "float_gt": lambda a, b: a > b,
        "float_ge": lambda a, b: a >= b,
    }
    for name, f in compares.items():
        for a in FLOATS:
            for b in FLOATS:
                out.append(f"{name} {bits(a)} {bits(b)} {int(f(a, b))}")
    # The sum-of-squares loop of the backend tests: i, acc at the first iteration
    # whose i*i or acc+i*i does not fit in an i64, and which op overflows.
    i, acc = 0, 0
    while True:
        sq = i * i
        if sq > I64_MAX:
            out.append(f"sum_squares_exit mul {i} {acc}")
            break
        if acc + sq > I64_MAX:
            out.append(f"sum_squares_exit add {i} {acc}")
            break
        acc += sq
        i += 1
    print("\n".join(out))


main()
