try:
    from pkgs.util import nothing_here
except ImportError as e:
    print(e)
    print(e.path.endswith('pkgs/util.py'))
from pkgs.star_mod import missing_name
