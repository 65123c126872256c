# operator.length_hint: lengths, __length_hint__, and any int as default
# (click's progress bar passes -1).
import operator
from operator import length_hint


class Hint:
    def __init__(self, n):
        self.n = n

    def __length_hint__(self):
        return self.n


class NoHint:
    def __length_hint__(self):
        return NotImplemented


print(length_hint([1, 2, 3], -1), length_hint(iter(range(5)), -1), length_hint(object(), -1))
print(length_hint(object()), length_hint(Hint(4), -1), length_hint(NoHint(), -7))
print(operator.length_hint is length_hint, length_hint(x for x in "ab"))
for bad in [(object(), 1.5), (Hint(-1), 0), (object(), 10**20)]:
    try:
        length_hint(*bad)
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
