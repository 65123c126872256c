import numpy as np
import numpy.polynomial
import numpy.polynomial.polynomial as M
from numpy.polynomial import Polynomial as P


def show(label, f):
    try:
        v = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
        return
    if isinstance(v, tuple):
        print(label, "->", tuple)
        for x in v:
            print(" ", type(x).__name__, repr(x))
    elif isinstance(v, str):
        print(label, "->")
        print(v)
    else:
        print(label, "->", type(v).__name__, repr(v))


show('M.polyval(2, [1, 2, 3])', lambda: M.polyval(2, [1, 2, 3]))
show('M.polyval(np.array([1.0, 2.0]), [1, 2, 3])', lambda: M.polyval(np.array([1.0, 2.0]), [1, 2, 3]))
show('M.polyval(np.array([[1.0, 2.0]]), [1, 2, 3])', lambda: M.polyval(np.array([[1.0, 2.0]]), [1, 2, 3]))
show('M.polyadd([1, 2], [1, 2, 3])', lambda: M.polyadd([1, 2], [1, 2, 3]))
show('M.polysub([1, 2], [1, 2, 3])', lambda: M.polysub([1, 2], [1, 2, 3]))
show('M.polysub([1, 2, 3], [1, 2, 3])', lambda: M.polysub([1, 2, 3], [1, 2, 3]))
show('M.polymul([1, 2], [1, 2, 3])', lambda: M.polymul([1, 2], [1, 2, 3]))
show('M.polydiv([1, 2, 3], [1, 1])', lambda: M.polydiv([1, 2, 3], [1, 1]))
show('M.polydiv([1, 2, 3], [2])', lambda: M.polydiv([1, 2, 3], [2]))
show('M.polydiv([1, 2], [1, 2, 3])', lambda: M.polydiv([1, 2], [1, 2, 3]))
show('M.polydiv([1, 2], [0])', lambda: M.polydiv([1, 2], [0]))
show('M.polyder([1, 2, 3, 4])', lambda: M.polyder([1, 2, 3, 4]))
show('M.polyder([1, 2, 3, 4], 2, scl=2)', lambda: M.polyder([1, 2, 3, 4], 2, scl=2))
show('M.polyder([1, 2, 3, 4], 5)', lambda: M.polyder([1, 2, 3, 4], 5))
show('M.polyder([1, 2], -1)', lambda: M.polyder([1, 2], -1))
show('M.polyint([1, 2, 3])', lambda: M.polyint([1, 2, 3]))
show('M.polyint([1, 2, 3], 2, k=[1, 2], lbnd=1)', lambda: M.polyint([1, 2, 3], 2, k=[1, 2], lbnd=1))
show('M.polyint([1, 2, 3], k=[1, 2])', lambda: M.polyint([1, 2, 3], k=[1, 2]))
show('M.polyint([1, 2, 3], 1.5)', lambda: M.polyint([1, 2, 3], 1.5))
show('M.polyroots([2])', lambda: M.polyroots([2]))
show('M.polyroots([1, 2])', lambda: M.polyroots([1, 2]))
show('M.polyvander([1, 2, 3], 3)', lambda: M.polyvander([1, 2, 3], 3))
show('M.polyvander(np.array([0.5, 1.5]), 2)', lambda: M.polyvander(np.array([0.5, 1.5]), 2))
show('M.polyvander([1, 2], -1)', lambda: M.polyvander([1, 2], -1))
show('M.polyfromroots([1, 2, 3])', lambda: M.polyfromroots([1, 2, 3]))
show('M.polyfromroots([])', lambda: M.polyfromroots([]))
show('M.polyfromroots([-1, 1])', lambda: M.polyfromroots([-1, 1]))
show('M.polyfit([0, 1, 2, 3], [1, 3, 7, 13], -1)', lambda: M.polyfit([0, 1, 2, 3], [1, 3, 7, 13], -1))
show('M.polyfit([0, 1, 2, 3], [1, 3, 7], 2)', lambda: M.polyfit([0, 1, 2, 3], [1, 3, 7], 2))
show('M.polyfit([[0, 1]], [1, 3], 2)', lambda: M.polyfit([[0, 1]], [1, 3], 2))
show('M.polyfit([0, 1], [1, 3], 2.5)', lambda: M.polyfit([0, 1], [1, 3], 2.5))
show('M.polypow([1, 2], 3)', lambda: M.polypow([1, 2], 3))
show('M.polycompanion([1, 2, 3])', lambda: M.polycompanion([1, 2, 3]))
show('M.polyline(3, 4)', lambda: M.polyline(3, 4))
show('M.polymulx([1, 2, 3])', lambda: M.polymulx([1, 2, 3]))
show('M.polydomain', lambda: M.polydomain)
show('M.polyzero', lambda: M.polyzero)
show('M.polyone', lambda: M.polyone)
show('M.polyx', lambda: M.polyx)
