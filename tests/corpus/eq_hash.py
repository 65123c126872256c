class Key:
    def __init__(self, k):
        self.k = k
    def __eq__(self, o):
        return isinstance(o, Key) and self.k.lower() == o.k.lower()
    def __hash__(self):
        return hash(self.k.lower())
    def __repr__(self):
        return f'Key({self.k!r})'
d = {Key('Apple'): 1}
d[Key('APPLE')] = 2
d[Key('pear')] = 3
print(d, Key('apple') in d, len({Key('a'), Key('A'), Key('b')}))
class EqOnly:
    def __eq__(self, o):
        return True
print(EqOnly.__hash__)
try:
    {EqOnly()}
except TypeError as e:
    print('TypeError:', e)
class Inherit(Key):
    pass
print(hash(Inherit('x')) == hash(Key('X')), Inherit('x') == Key('X'))
class ChildEq(Key):
    def __eq__(self, o):
        return False
try:
    hash(ChildEq('q'))
except TypeError as e:
    print('TypeError:', e)
class Explicit:
    __hash__ = None
try:
    hash(Explicit())
except TypeError as e:
    print('TypeError:', e)
class Stable:
    def __hash__(self):
        return 42
print(hash(Stable()), hash(Stable()) == hash(Stable()), Stable() == Stable())
class BigHash:
    def __hash__(self):
        return 2 ** 70
print(hash(BigHash()))
class BadHash:
    def __hash__(self):
        return 'no'
try:
    hash(BadHash())
except TypeError as e:
    print('TypeError:', e)
print(hash(-1), hash(-2), hash(2 ** 61 - 1), hash(2 ** 61))
