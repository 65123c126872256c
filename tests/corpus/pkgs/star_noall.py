visible = 1
_underscored = 2
import os as _os_alias
import sys
