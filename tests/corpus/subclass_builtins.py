class LoggingList(list):
    def append(self, v):
        print('append', v)
        super().append(v)
ll = LoggingList([1, 2])
ll.append(3)
ll.extend([4])
ll += [5]
print(ll, type(ll).__name__, type(ll[1:]).__name__, type(ll + []).__name__, len(ll))
class DefaultDict(dict):
    def __missing__(self, key):
        return f'default-{key}'
dd = DefaultDict(a=1)
print(dd['a'], dd['zz'], dd.get('zz'), dd)
class CaseInsensitive(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
    def __getitem__(self, k):
        return super().__getitem__(k.lower())
ci = CaseInsensitive()
ci['Name'] = 'x'
print(ci['NAME'], ci, CaseInsensitive(Key='not lowered'))
class Money(float):
    def __repr__(self):
        return f'${self:.2f}'
m = Money(3.5)
print(m, repr(m), m * 2, repr(Money(m * 2)), str(m))
class Word(str):
    def __eq__(self, other):
        return self.lower() == other.lower()
    __hash__ = str.__hash__
print(Word('Hello') == 'HELLO', 'HELLO' == Word('Hello'), Word('a') in ['A'])
class MyInt(int):
    def __add__(self, other):
        return MyInt(int(self) + int(other) + 1000)
print(MyInt(1) + 1, 1 + MyInt(1), sum([MyInt(1), 2]))
class Stack(list):
    push = list.append
    def peek(self):
        return self[-1]
s = Stack()
s.push(1)
s.push(2)
print(s.peek(), s, s.pop(), s)
class FrozenDict(dict):
    def __setitem__(self, k, v):
        raise TypeError('frozen')
fd = FrozenDict({'a': 1})
try:
    fd['b'] = 2
except TypeError as e:
    print('TypeError:', e)
fd.update(b=2)
print(fd)
