# list.index / list.remove: the value is shown with repr (not str, and
# without calling __str__), start/stop follow slice rules.
class Loud:
    def __str__(self):
        print('__str__ called')
        return 'loud'

    def __repr__(self):
        return 'Loud()'


lst = [1, 2, 3, 2]
print(lst.index(2), lst.index(2, 2), lst.index(2, -2), lst.index(3, 0, 100), lst.index(1, -100))
for call in [lambda: lst.index(9), lambda: lst.index('a'), lambda: lst.index(Loud()), lambda: lst.index(2, 4),
             lambda: lst.index(1, 'a'), lambda: lst.index(1, 0, 1.5), lambda: lst.remove(9),
             lambda: lst.remove(Loud()), lambda: lst.index(), lambda: lst.remove(), lambda: lst.index(1, 2, 3, 4)]:
    try:
        print(call())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
lst.remove(2)
print(lst)


class Eq:
    def __eq__(self, other):
        return other == 3


print([1, 3].index(Eq()), [Eq()].index(3))
