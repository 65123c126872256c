import pkgs.ns_pkg.part as part
import pkgs.ns_pkg as ns
print(part.NAME, ns.__name__, getattr(ns, '__file__', None), hasattr(ns, '__path__'))
print(type(ns.__path__).__name__ in ('_NamespacePath', 'list'))
from pkgs.ns_pkg import part as p2
print(p2 is part)
