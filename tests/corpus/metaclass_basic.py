class Registry(type):
    classes = {}
    def __new__(mcls, name, bases, ns, **kwargs):
        cls = super().__new__(mcls, name, bases, ns)
        if bases:
            mcls.classes[name] = cls
        cls.created_by = mcls.__name__
        return cls
    def __init__(cls, name, bases, ns, **kwargs):
        super().__init__(name, bases, ns)
        cls.tag = kwargs.get('tag', 'none')
    def __call__(cls, *args, **kwargs):
        print(f'creating {cls.__name__} with {args}')
        return super().__call__(*args, **kwargs)
    def __repr__(cls):
        return f'<class {cls.__name__} via Registry>'
class Plugin(metaclass=Registry):
    def __init__(self, value=0):
        self.value = value
class Audio(Plugin, tag='sound'):
    pass
class Video(Plugin):
    pass
a = Audio(3)
print(a.value, Audio.tag, Video.tag, Audio.created_by, sorted(Registry.classes), Audio)
print(type(Audio).__name__, type(Plugin) is Registry, isinstance(Audio, Registry), type(type).__name__)
class Singleton(type):
    _inst = {}
    def __call__(cls, *a):
        if cls not in cls._inst:
            cls._inst[cls] = super().__call__(*a)
        return cls._inst[cls]
class Config(metaclass=Singleton):
    def __init__(self):
        print('Config init')
print(Config() is Config())
Dyn = Registry('Dyn', (Plugin,), {'extra': 1})
print(Dyn.extra, Dyn.created_by, 'Dyn' in Registry.classes)
class Meta2(type):
    def method_on_class(cls):
        return f'called on {cls.__name__}'
class UsesMeta2(metaclass=Meta2):
    pass
print(UsesMeta2.method_on_class(), hasattr(UsesMeta2(), 'method_on_class'))
class MA(type): pass
class MB(type): pass
class CA(metaclass=MA): pass
class CB(metaclass=MB): pass
try:
    class CC(CA, CB): pass
except TypeError as e:
    print('TypeError:', e)
