class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split('.'))
    def __repr__(self):
        return 'V' + '.'.join(map(str, self.parts))
    def __eq__(self, o):
        if not isinstance(o, Version):
            return NotImplemented
        return self.parts == o.parts
    def __lt__(self, o):
        return self.parts < o.parts
    def __le__(self, o):
        return self.parts <= o.parts
    def __hash__(self):
        return hash(self.parts)
vs = [Version(s) for s in ['1.10', '1.2', '1.2.1', '0.9', '1.2']]
print(sorted(vs), min(vs), max(vs), vs[1] == vs[4], vs[1] != vs[4], vs[1] is vs[4])
print(Version('1.0') > Version('0.9'), Version('2.0') >= Version('2.0'), Version('1.0') == '1.0', Version('1.0') != 1)
print(len(set(vs)), vs.count(Version('1.2')), Version('1.2') in vs, vs.index(Version('1.2.1')))
class AlwaysEqual:
    def __eq__(self, o):
        return True
print(AlwaysEqual() == 5, 5 == AlwaysEqual(), [1, 2].count(AlwaysEqual()), AlwaysEqual() in [object()], None == AlwaysEqual())
class NoEq:
    pass
n = NoEq()
print(n == n, n == NoEq(), n != n, n is n)
class Loud:
    def __init__(self, name):
        self.name = name
    def __eq__(self, o):
        print(f'{self.name}.__eq__')
        return NotImplemented
print(Loud('a') == Loud('b'))
print(Loud('c') != Loud('d'))
try:
    Version('1') < 5
except (TypeError, AttributeError) as e:
    print(type(e).__name__ + ':', e)
