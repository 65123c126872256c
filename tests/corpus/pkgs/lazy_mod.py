"""Module with PEP 562 __getattr__ and __dir__."""
_computed = {}
eager = 'eager value'
def __getattr__(name):
    if name.startswith('lazy_'):
        _computed[name] = name[5:].upper()
        return _computed[name]
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
def __dir__():
    return ['eager', 'lazy_anything']
