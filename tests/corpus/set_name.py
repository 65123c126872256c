class Field:
    def __set_name__(self, owner, name):
        print(f'__set_name__ owner={owner.__name__} name={name}')
        self.owner_name = owner.__name__
        self.name = name
    def __get__(self, obj, objtype=None):
        return f'{self.owner_name}.{self.name}'
class Model:
    first = Field()
    second = Field()
    plain = 'no hook'
print(Model().first, Model.second)
class Late:
    pass
f = Field()
Late.added = f
print(hasattr(f, 'name'))
f.__set_name__(Late, 'added')
print(Late.added)
