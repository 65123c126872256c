from pkgs.util import does_not_exist
