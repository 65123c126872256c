import sys, os
import pkgs.util as util
print(__name__, __package__, __spec__, __doc__)
print(os.path.basename(__file__), os.path.isabs(__file__))
print(os.path.relpath(util.__file__, os.path.dirname(__file__)), util.__spec__.name, util.__spec__.parent)
print(sys.path[0] == os.path.dirname(__file__), sys.argv[0])
print(type(sys.modules['__main__']).__name__, sys.modules['__main__'].__name__, sys.modules[__name__] is sys.modules['__main__'])
print(util.__loader__ is not None, hasattr(util, '__cached__'), util.__builtins__ is not None if hasattr(util, '__builtins__') else True)
import types
m = types.ModuleType('made_up', 'doc text')
print(m, m.__name__, m.__doc__, sorted(vars(m)))
