class A: pass
class B(A): pass
try:
    class C(A, B): pass
except TypeError as e:
    print('TypeError:', e)
class X: pass
class Y: pass
class P(X, Y): pass
class Q(Y, X): pass
try:
    class R(P, Q): pass
except TypeError as e:
    print('TypeError:', e)
try:
    class Dup(X, X): pass
except TypeError as e:
    print('TypeError:', e)
try:
    class FromInt(int, str): pass
except TypeError as e:
    print('TypeError:', e)
try:
    class FromNone(None): pass
except TypeError as e:
    print('TypeError:', e)
try:
    class FromFunc(len): pass
except TypeError as e:
    print('TypeError:', e)
print('done')
