# `numpy.polynomial.laguerre`: Laguerre series,
# (i+1) L[i+1] = (2i+1 - x) L[i] - i L[i-1] (series.py builds the functions
# and the class from the recurrence).

import math as _math
from fractions import Fraction as _F

__all__ = ["Laguerre", "lagadd", "lagsub", "lagmulx", "lagmul", "lagdiv", "lagpow", "lagval", "lagder",
           "lagint", "lagvander", "lagfit", "lagline", "lagcompanion", "lagroots", "lagfromroots",
           "lagdomain", "lagzero", "lagone", "lagx", "lagtrim",
           "lag2poly", "poly2lag", "laggauss", "lagweight"]


def _rec(i):
    return (_F(-1, i + 1), _F(2 * i + 1, i + 1), _F(i, i + 1))


def _xterm(v, x, i):
    return (v * ((2 * i + 1) - x)) / (i + 1)


def _weight(x):
    return np.exp(-x)


np.polynomial._series.family(
    "laguerre", "lag", "Laguerre", "L", _rec,
    _xterm, [0., 1.], [0., 1.],
    lambda k: 1.0, _weight, False)
