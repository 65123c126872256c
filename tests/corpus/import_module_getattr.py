import pkgs.lazy_mod as lm
print(lm.eager, lm.lazy_color, lm.lazy_size, sorted(lm._computed))
print(dir(lm))
try:
    lm.missing
except AttributeError as e:
    print('AttributeError:', e)
from pkgs.lazy_mod import lazy_imported
print(lazy_imported)
try:
    from pkgs.lazy_mod import nothing
except ImportError as e:
    print('ImportError:', str(e).split(' (')[0])
print(getattr(lm, 'lazy_x'), hasattr(lm, 'other'))
