# Functions compiled from their start to their return (function-entry
# traces): recursion, every kind of value returned, exceptions, closures,
# defaults and keywords, methods and __init__, globals rebound while
# compiled, frames read by the callee, and deep recursion.
import sys


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print("fib", [fib(i) for i in range(18)])


class Node:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None


def insert(node, key):
    if node is None:
        return Node(key)
    if key < node.key:
        node.left = insert(node.left, key)
    elif key > node.key:
        node.right = insert(node.right, key)
    return node


def height(node):
    if node is None:
        return 0
    return 1 + max(height(node.left), height(node.right))


def total(node):
    if node is None:
        return 0
    return node.key + total(node.left) + total(node.right)


root = None
x = 12345
for i in range(3000):
    x = (x * 1103515245 + 12345) % 2147483648
    root = insert(root, x % 10007)
print("tree", height(root), total(root))


# Values of every kind, from the same function.
def kind(v):
    if v is None:
        return "none"
    return v * 2


out = []
for i in range(400):
    v = [i, i + 0.5, "s", None, 2**70 + i, (i,), True][i % 7]
    out.append(kind(v))
print("kinds", out[:14], out[-7:], len(out))


# Exceptions out of a compiled function, caught by the caller.
def checked(n):
    if n % 13 == 0:
        raise ValueError("bad %d" % n)
    return 100 // (n % 11)


caught = []
for n in range(1, 600):
    try:
        checked(n)
    except ValueError as e:
        caught.append(str(e))
    except ZeroDivisionError:
        caught.append("zero")
print("caught", len(caught), caught[:5], caught[-3:])


# Closures, defaults and keyword arguments.
def make_adder(k):
    def add(a, b=1, *, scale=1):
        return (a + b + k) * scale

    return add


add5 = make_adder(5)
acc = 0
for i in range(500):
    acc += add5(i) + add5(i, 2) + add5(i, b=3, scale=2)
print("closures", acc)


# Methods, properties and __init__ from the interpreter.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    def scaled(self, k):
        return Vec(self.x * k, self.y * k)


def vec_sum(n):
    s = 0.0
    v = Vec(1.5, -2.0)
    for i in range(n):
        w = v.scaled(i % 3)
        s += w.dot(v)
    return s


print("methods", vec_sum(700))


# A global rebound while the function is compiled.
def scale(x):
    return x * FACTOR


FACTOR = 2
first = [scale(i) for i in range(300)]
FACTOR = 3.5
second = [scale(i) for i in range(300)]
print("globals", sum(first), sum(second))


# A callee that reads its caller's frame.
def caller_line():
    return sys._getframe(1).f_code.co_name


def who():
    return caller_line()


print("frames", {who() for _ in range(300)})


# Deep recursion: RecursionError as in CPython, then normal again.
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


for _ in range(300):
    depth(20)
try:
    depth(100000)
except RecursionError:
    print("recursion error")
print("depth", depth(500))


# __del__ of objects a compiled function drops.
class Noisy:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        if self.n % 100 == 0:
            print("del", self.n)


def churn(n):
    tmp = Noisy(n)
    return tmp.n + 1


print("churn", sum(churn(i) for i in range(301)))


# Mutual recursion and a function whose argument types change.
def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print("parity", [is_even(i) for i in range(60)].count(True))


def half(v):
    return v / 2


vals = [half(i) for i in range(500)] + [half(i + 0.25) for i in range(500)] + [half(2**80)]
print("half", sum(vals[:500]), sum(vals[500:1000]), vals[-1])


# A function with *args called with as many arguments as it has
# positional parameters, from a compiled function.
def join(a, *p):
    s = a
    for b in p:
        s += "/" + b
    return s


def use_join(x):
    return join("_", x)


print("varargs", [use_join(k) for k in ["UTC", "Europe/Paris"] * 200][-2:])


# isinstance of an object whose __class__ is not its type.
class Pretender:
    @property
    def __class__(self):
        return int


def is_int(o):
    return isinstance(o, int)


print("isinstance", [is_int(o) for o in [1, "s", Pretender(), 2.0] * 100][:8])


# Ints beyond 2**53 compared with floats, in a compiled function.
def cmp(a, b):
    return (a < b, a <= b, a == b, a != b, a > b, a >= b)


pairs = [(1, 1.0), (2**53, 2.0**53), (2**53 + 1, 2.0**53), (-(2**53) - 1, -(2.0**53)), (3, 2.5)] * 100
print("compare", sorted(set(cmp(a, b) for a, b in pairs)))


# A method shadowed by an instance attribute on some instances only.
class Owner:
    def __init__(self, own):
        if own:
            self.is_owned = "instance".lower

    def is_owned(self):
        return "class"


def ask(o):
    return o.is_owned()


owners = [Owner(i % 3 == 0) for i in range(300)]
print("shadowed", [ask(o) for o in owners][:6], sum(ask(o) == "instance" for o in owners))
owners = [Owner(False) for i in range(3)] + [Owner(True) for i in range(300)]
print("shadowed later", [ask(o) for o in owners][:6], sum(ask(o) == "instance" for o in owners))


# A method whose body starts with a loop (its start is the loop's header),
# called from a compiled loop among other methods.
class Inbox:
    def __init__(self):
        self.items = []
        self.total = 0

    def drain(self):
        while self.items:
            item = self.items.pop()
            self.total += item
        return self.total


class Echo:
    def drain(self):
        return -1


boxes = [Inbox(), Echo(), Inbox()]
drained = 0
for i in range(3000):
    b = boxes[i % 3]
    if isinstance(b, Inbox):
        b.items.extend(range(i % 4))
    drained += b.drain()
print("drain", drained, boxes[0].total, boxes[2].total)
