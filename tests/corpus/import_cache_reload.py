import importlib, sys
import pkgs.side_effect
import pkgs.side_effect
from pkgs import side_effect
print('counter after two imports:', side_effect.counter)
importlib.reload(side_effect)
print('counter after reload:', side_effect.counter)
del sys.modules['pkgs.side_effect']
import pkgs.side_effect as fresh
print('fresh module counter:', fresh.counter, fresh is side_effect)
m = importlib.import_module('pkgs.util')
m2 = importlib.import_module('.util', 'pkgs')
print(m is m2, m.fmt(1))
