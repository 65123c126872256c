# warnings.warn attributes a warning to the right frame (stacklevel),
# and shows the source line, as CPython 3.11 does.
import warnings


def helper(msg, level):
    warnings.warn(msg, stacklevel=level)


def deprecated():
    warnings.warn('deprecated() is old', DeprecationWarning, stacklevel=2)


warnings.warn('top level')
helper('from helper, level 1', 1)
helper('from helper, level 2', 2)
deprecated()
warnings.warn(RuntimeWarning('an instance'))
warnings.warn('category class', category=FutureWarning)
try:
    warnings.warn('bad', category=int)
except TypeError as e:
    print(e)
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter('always')
    helper('recorded', 2)
    print([(w.category.__name__, str(w.message), w.lineno) for w in log])
print('done')
