# `numpy.polynomial.legendre`: Legendre series,
# (i+1) P[i+1] = (2i+1) x P[i] - i P[i-1] (series.py builds the functions
# and the class from the recurrence).

import math as _math
from fractions import Fraction as _F

__all__ = ["Legendre", "legadd", "legsub", "legmulx", "legmul", "legdiv", "legpow", "legval", "legder",
           "legint", "legvander", "legfit", "legline", "legcompanion", "legroots", "legfromroots",
           "legdomain", "legzero", "legone", "legx", "legtrim",
           "leg2poly", "poly2leg", "leggauss", "legweight"]


def _rec(i):
    return (_F(2 * i + 1, i + 1), _F(0), _F(i, i + 1))


def _xterm(v, x, i):
    return (v * x * (2 * i + 1)) / (i + 1)


def _weight(x):
    return x * 0.0 + 1.0


np.polynomial._series.family(
    "legendre", "leg", "Legendre", "P", _rec,
    _xterm, [-1., 1.], [-1., 1.],
    lambda k: 2 / (2 * k + 1), _weight, True)
