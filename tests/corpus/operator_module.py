import operator as op
print(op.add(1, 2), op.sub(5, 3), op.mul('ab', 2), op.truediv(7, 2), op.floordiv(7, 2), op.mod(7, 3), op.pow(2, 8), op.neg(3), op.not_(0))
print(op.eq(1, 1.0), op.lt('a', 'b'), op.contains([1, 2], 2), op.getitem({'k': 'v'}, 'k'), op.concat([1], [2]), op.and_(6, 3), op.xor(6, 3), op.inv(5))
getters = op.itemgetter(0, 2)
print(getters('abc'), op.itemgetter(1)([5, 6]), op.itemgetter('b')({'b': 9}))
class P:
    def __init__(self):
        self.name = 'p'
        self.child = type('C', (), {'age': 3})()
    def greet(self, who, punct='!'):
        return f'hi {who}{punct}'
print(op.attrgetter('name')(P()), op.attrgetter('child.age', 'name')(P()), op.methodcaller('greet', 'bob', punct='?')(P()))
print(op.methodcaller('upper')('abc'), op.length_hint([1, 2, 3]), op.length_hint(iter(range(5))), op.is_(None, None), op.truth([]))
import functools
print(functools.reduce(op.mul, range(1, 8)), list(map(op.mul, [1, 2], [3, 4])), sorted([('b', 2), ('a', 3)], key=op.itemgetter(1), reverse=True))
x = [1, 2]
op.iadd(x, [3])
op.setitem(x, 0, 'first')
op.delitem(x, 1)
print(x, op.index(5), op.abs(-4), op.pos(-2), op.lshift(1, 5), op.rshift(64, 2), op.or_(1, 2), op.matmul.__name__)
