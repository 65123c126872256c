from pkgs.star_mod import *
print(public_a, public_b, PublicClass.__name__)
for name in ['not_listed', '_private']:
    print(name, name in globals())
from pkgs.star_noall import *
print(visible, 'sys' in dir(), '_underscored' in globals(), '_os_alias' in globals())
import pkgs.star_mod as sm
print(sm.not_listed, sm._private, sm.__all__)
