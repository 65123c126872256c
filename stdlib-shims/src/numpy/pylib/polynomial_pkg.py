# `numpy.polynomial`: the series classes, each from its submodule
# (`Polynomial` from polynomial.py, `Chebyshev` from chebyshev.py, ...;
# the orthogonal kinds share series.py). A kind's submodule runs the first
# time its class is asked for.

Polynomial = np.polynomial.polynomial.Polynomial

_KINDS = {"Chebyshev": "chebyshev", "Legendre": "legendre", "Hermite": "hermite", "HermiteE": "hermite_e",
          "Laguerre": "laguerre"}

_NOT_SUPPORTED = {"set_default_printstyle", "polyutils"}


def __getattr__(name):
    if name in _KINDS:
        return getattr(getattr(np.polynomial, _KINDS[name]), name)
    if name in _NOT_SUPPORTED:
        raise NotImplementedError("numpy.polynomial.%s is not supported by hipy" % name)
    raise AttributeError("module 'numpy.polynomial' has no attribute '%s'" % name)
