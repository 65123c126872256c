# `numpy.polynomial.hermite_e`: probabilists' Hermite series,
# He[i+1] = x He[i] - i He[i-1] (series.py builds the functions and the
# class from the recurrence).

import math as _math
from fractions import Fraction as _F

__all__ = ["HermiteE", "hermeadd", "hermesub", "hermemulx", "hermemul", "hermediv", "hermepow", "hermeval",
           "hermeder", "hermeint", "hermevander", "hermefit", "hermeline", "hermecompanion", "hermeroots",
           "hermefromroots", "hermedomain", "hermezero", "hermeone", "hermex", "hermetrim",
           "herme2poly", "poly2herme", "hermegauss", "hermeweight"]


def _rec(i):
    return (_F(1), _F(0), _F(i))


def _xterm(v, x, i):
    return v * x


def _weight(x):
    return np.exp(-.5 * x ** 2)


np.polynomial._series.family(
    "hermite_e", "herme", "HermiteE", "He", _rec,
    _xterm, [-1., 1.], [-1., 1.],
    lambda k: np.sqrt(2 * np.pi) * _math.factorial(k), _weight, True)
