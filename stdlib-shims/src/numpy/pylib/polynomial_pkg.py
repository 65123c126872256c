# `numpy.polynomial`: the `Polynomial` class (from polynomial.py, the
# submodule `numpy.polynomial.polynomial`). The other series kinds
# (Chebyshev, Legendre, ...) are not in hipy: asking for them raises
# NotImplementedError naming them.

Polynomial = np.polynomial.polynomial.Polynomial

_NOT_SUPPORTED = {"Chebyshev", "Legendre", "Hermite", "HermiteE", "Laguerre", "chebyshev", "legendre",
                  "hermite", "hermite_e", "laguerre", "set_default_printstyle", "polyutils"}


def __getattr__(name):
    if name in _NOT_SUPPORTED:
        raise NotImplementedError("numpy.polynomial.%s is not supported by hipy" % name)
    raise AttributeError("module 'numpy.polynomial' has no attribute '%s'" % name)
