# warnings before and after the program first uses the module: a warning
# raised through _warnings alone, a showwarning replaced by assignment
# before anything else, catch_warnings, reload.
import _warnings

_warnings.warn("raised before warnings is imported")

import warnings


def show(message, category, filename, lineno, file=None, line=None):
    print("custom:", message, category.__name__, lineno)


warnings.showwarning = show
warnings.warn("through warnings.warn")
_warnings.warn("through _warnings.warn")


def g():
    warnings.warn("deprecated", DeprecationWarning, stacklevel=2)


g()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    g()
print(len(caught), caught[0].category.__name__, caught[0].lineno)
from warnings import filters

print(type(filters).__name__, filters is warnings.filters)
import importlib

print(importlib.reload(warnings) is warnings, warnings.__spec__.name, warnings.__name__)
print("filterwarnings" in dir(warnings), warnings.showwarning is show)
warnings.warn("after reload")
