# int() of a str: the call site's fast path (an optional sign and up to 18
# ASCII digits) and every form it leaves to the general parser, in a loop so
# the site is warm, plus a rebound `int` and a str subclass.
cases = [
    "0", "7", "-7", "+7", "007", "-0", "123456789012345678", "-123456789012345678",
    "1234567890123456789", "99999999999999999999", " 42", "42 ", "\t-3\n",
    "1_000", "1__0", "_1", "", "-", "+", "--1", "+-1", "12a", "0x10",
    "\u0661\u0662", "\uff11\uff12", "١", "1.5", "1e3", "nan",
]
for _ in range(3):
    for s in cases:
        try:
            v = int(s)
            print(repr(s), "->", type(v).__name__, v)
        except ValueError as e:
            print(repr(s), "ValueError", e)


class S(str):
    def __int__(self):
        return 99


class T(str):
    pass


for _ in range(3):
    print(int(T("12")), int(S("12")))
    print(int("5", 8), int("z", 36), int("10", base=2))

real_int = int


def int(x):
    return "rebound:" + x


for _ in range(3):
    print(int("5"))
int = real_int
print(int("-00012"), int("+0"))
