class A:
    def which(self):
        return __class__.__name__, type(self).__name__
    def sup(self):
        return super().__repr__.__self__ is self
class B(A):
    def which_b(self):
        return __class__, __class__ is B
print(A().which(), B().which(), B().which_b()[1], B().sup())
def standalone():
    try:
        return super()
    except RuntimeError as e:
        return 'RuntimeError: ' + str(e)
print(standalone())
class C:
    def method(self):
        return [__class__.__name__ for _ in range(2)]
    @staticmethod
    def static():
        return __class__.__name__
    @classmethod
    def klass(cls):
        return super().__init_subclass__ is not None
print(C().method(), C.static(), C.klass())
class Meta(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        return cls
class WithMeta(metaclass=Meta):
    def who(self):
        return __class__.__name__
print(WithMeta().who())
