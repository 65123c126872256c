# `numpy.polynomial.hermite`: physicists' Hermite series,
# H[i+1] = 2x H[i] - 2i H[i-1] (series.py builds the functions and the
# class from the recurrence).

import math as _math
from fractions import Fraction as _F

__all__ = ["Hermite", "hermadd", "hermsub", "hermmulx", "hermmul", "hermdiv", "hermpow", "hermval", "hermder",
           "hermint", "hermvander", "hermfit", "hermline", "hermcompanion", "hermroots", "hermfromroots",
           "hermdomain", "hermzero", "hermone", "hermx", "hermtrim",
           "herm2poly", "poly2herm", "hermgauss", "hermweight"]


def _rec(i):
    return (_F(2), _F(0), _F(2 * i))


def _xterm(v, x, i):
    return v * (x * 2)


def _weight(x):
    return np.exp(-x ** 2)


np.polynomial._series.family(
    "hermite", "herm", "Hermite", "H", _rec,
    _xterm, [-1., 1.], [-1., 1.],
    lambda k: np.sqrt(np.pi) * 2.0 ** k * _math.factorial(k), _weight, True)
