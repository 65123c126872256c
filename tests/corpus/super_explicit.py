class Base:
    def greet(self):
        return f'Base.greet({type(self).__name__})'
    @classmethod
    def create(cls):
        return f'Base.create({cls.__name__})'
    @staticmethod
    def util():
        return 'Base.util'
class Mid(Base):
    def greet(self):
        return 'Mid>' + super(Mid, self).greet()
    @classmethod
    def create(cls):
        return 'Mid>' + super().create()
class Leaf(Mid):
    def greet(self):
        return 'Leaf>' + super().greet()
    def skip_mid(self):
        return super(Mid, self).greet()
    def util_via_super(self):
        return super().util()
leaf = Leaf()
print(leaf.greet(), leaf.skip_mid(), Leaf.create(), leaf.util_via_super())
s = super(Leaf, leaf)
print(s.greet(), type(s).__name__, super(Leaf, Leaf).create())
class WithNew(Base):
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.args = args
        return inst
print(WithNew(1, 2).args)
def outside(self):
    return super(Leaf, self).greet()
print(outside(leaf))
class NoArgSuperInNested(Base):
    def method(self):
        def nested():
            return super().greet()
        try:
            return nested()
        except RuntimeError as e:
            return 'RuntimeError: ' + str(e)
print(NoArgSuperInNested().method())
try:
    super(Leaf, Base()).greet()
except TypeError as e:
    print('TypeError:', e)
class Attr(Base):
    def __getattr__(self, name):
        return f'fallback {name}'
    def test(self):
        return super().greet(), self.anything
print(Attr().test())
