# `numpy.polynomial.chebyshev`: Chebyshev series of the first kind,
# T[i+1] = 2x T[i] - T[i-1], T[1] = x (series.py builds the functions and
# the class from the recurrence).

import math as _math
from fractions import Fraction as _F

__all__ = ["Chebyshev", "chebadd", "chebsub", "chebmulx", "chebmul", "chebdiv", "chebpow", "chebval", "chebder",
           "chebint", "chebvander", "chebfit", "chebline", "chebcompanion", "chebroots", "chebfromroots",
           "chebdomain", "chebzero", "chebone", "chebx", "chebtrim",
           "cheb2poly", "poly2cheb", "chebgauss", "chebweight"]


def _rec(i):
    return (_F(1), _F(0), _F(0)) if i == 0 else (_F(2), _F(0), _F(1))


def _xterm(v, x, i):
    return v * x if i == 0 else v * (2 * x)


def _weight(x):
    return 1. / (np.sqrt(1. + x) * np.sqrt(1. - x))


np.polynomial._series.family(
    "chebyshev", "cheb", "Chebyshev", "T", _rec,
    _xterm, [-1., 1.], [-1., 1.],
    lambda k: np.pi if k == 0 else np.pi / 2, _weight, True)


def chebgauss(deg):
    """Gauss-Chebyshev nodes and weights (closed form)."""
    ideg = np.polynomial._series._as_int(deg, "deg")
    if ideg <= 0:
        raise ValueError("deg must be a positive integer")
    x = np.cos(np.pi * np.arange(1, 2 * ideg, 2) / (2.0 * ideg))
    w = np.ones(ideg) * (np.pi / ideg)
    return x, w
