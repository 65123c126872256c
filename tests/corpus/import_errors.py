import sys
try:
    import no_such_module_xyz
except ModuleNotFoundError as e:
    print('ModuleNotFoundError:', e, '| name =', e.name)
try:
    import pkgs.no_such_sub
except ImportError as e:
    print(type(e).__name__ + ':', e, '| name =', e.name)
try:
    from pkgs.util import nothing_here
except ImportError as e:
    print('ImportError:', e.msg if hasattr(e, 'msg') else e, '| name =', e.name)
try:
    import pkgs.broken_import
except ImportError as e:
    print('ImportError from broken module:', str(e).split(' (')[0])
print('pkgs.broken_import' in sys.modules)
try:
    import pkgs.raises_on_import
except RuntimeError as e:
    print('RuntimeError:', e)
print('pkgs.raises_on_import' in sys.modules)
try:
    import pkgs.relative_beyond
except ImportError as e:
    print('ImportError:', e)
try:
    from . import sibling
except ImportError as e:
    print('ImportError:', e)
try:
    __import__('')
except ValueError as e:
    print('ValueError:', e)
try:
    import pkgs.util.deeper
except ModuleNotFoundError as e:
    print('ModuleNotFoundError:', e)
