class A:
    def who(self):
        return ['A']
class B(A):
    def who(self):
        return ['B'] + super().who()
class C(A):
    def who(self):
        return ['C'] + super().who()
class D(B, C):
    def who(self):
        return ['D'] + super().who()
print([k.__name__ for k in D.__mro__], D().who())
class X: pass
class Y: pass
class Z: pass
class K1(X, Y): pass
class K2(Y, Z): pass
class K3(X, Z): pass
class Top(K1, K2, K3): pass
print([k.__name__ for k in Top.mro()])
class Root:
    def __init__(self, **kw):
        print('Root init, leftover', kw)
class Left(Root):
    def __init__(self, left=None, **kw):
        print('Left', left)
        super().__init__(**kw)
class Right(Root):
    def __init__(self, right=None, **kw):
        print('Right', right)
        super().__init__(**kw)
class Both(Left, Right):
    def __init__(self, **kw):
        print('Both')
        super().__init__(**kw)
Both(left=1, right=2, extra=3)
print(super(B, D()).who(), super(C, D()).who())
