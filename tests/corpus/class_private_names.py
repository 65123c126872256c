class Account:
    def __init__(self):
        self.__secret = 'hidden'
        self._protected = 'visible'
    def reveal(self):
        return self.__secret
    def __private_method(self):
        return 'private method'
    def call_private(self):
        return self.__private_method()
a = Account()
print(a.reveal(), a._protected, a.call_private(), sorted(vars(a)))
try:
    a.__secret
except AttributeError as e:
    print('AttributeError:', e)
print(a._Account__secret, a._Account__private_method())
class Sub(Account):
    def __init__(self):
        super().__init__()
        self.__secret = 'sub secret'
    def sub_reveal(self):
        return self.__secret
s = Sub()
print(s.reveal(), s.sub_reveal(), sorted(vars(s)))
class __Dunder__:
    __x__ = 'not mangled'
    def get(self):
        return self.__x__
print(__Dunder__().get(), hasattr(__Dunder__, '__x__'))
class _Underscore:
    def __init__(self):
        self.__v = 1
print(sorted(vars(_Underscore())))
class M:
    __cls_attr = 'class private'
    def get(self):
        return M.__cls_attr, getattr(self, '__cls_attr', 'getattr not mangled')
print(M().get(), [k for k in vars(M) if 'cls_attr' in k])
