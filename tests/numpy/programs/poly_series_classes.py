# The orthogonal series classes of numpy.polynomial (Chebyshev, Legendre,
# Hermite, HermiteE, Laguerre): construction, printing, arithmetic,
# calculus, roots, fits, conversion and their errors.
import numpy as np
from numpy.polynomial import Chebyshev, Legendre, Hermite, HermiteE, Laguerre, Polynomial


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


for K in (Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    n = K.__name__
    print("==", n, K.basis_name, K.domain, K.window, K.__module__)
    p = K([1, 2, 3])
    q = K([0.5, -1, 0, 2])
    show(n + "([1, 2, 3])", lambda: p)
    show("str", lambda: str(p))
    show("str mapped", lambda: str(K([1, -2, 3.5], domain=[0, 4])))
    show("str long", lambda: str(K(np.arange(1, 16))))
    show("repr mapped", lambda: K([1, 2], domain=[0, 4], window=[-2, 2], symbol="t"))
    show("p + q", lambda: p + q)
    show("p - q", lambda: p - q)
    show("p * q", lambda: p * q)
    show("q // p", lambda: q // p)
    show("q % p", lambda: q % p)
    show("divmod(q, p)", lambda: divmod(q, p))
    show("p ** 3", lambda: p ** 3)
    show("p + 2", lambda: p + 2)
    show("2 - p", lambda: 2 - p)
    show("3 * p", lambda: 3 * p)
    show("p / 4", lambda: p / 4)
    show("p // 2", lambda: p // 2)
    show("-p", lambda: -p)
    show("p == K([1, 2, 3])", lambda: p == K([1, 2, 3]))
    show("p(0.5)", lambda: p(0.5))
    show("p([0, 0.5, 2])", lambda: p([0, 0.5, 2]))
    show("q(np.array([[0.25, 1], [-1, 3]]))", lambda: q(np.array([[0.25, 1], [-1, 3]])))
    show("K([1, 2, 3], domain=[0, 4])(3)", lambda: K([1, 2, 3], domain=[0, 4])(3))
    show("q.deriv()", lambda: q.deriv())
    show("q.deriv(2)", lambda: q.deriv(2))
    show("q.integ()", lambda: q.integ())
    show("q.integ(2, k=[1, 2], lbnd=0.5)", lambda: q.integ(2, k=[1, 2], lbnd=0.5))
    show("K([1, 2], domain=[0, 4]).integ()", lambda: K([1, 2], domain=[0, 4]).integ())
    show("K([1, 2], domain=[0, 4]).deriv()", lambda: K([1, 2], domain=[0, 4]).deriv())
    show("roots", lambda: np.round(K.fromroots([-0.5, 0.25, 0.75]).roots(), 10))
    show("roots line", lambda: K([1, 3]).roots())
    show("fromroots", lambda: K.fromroots([1, 2]))
    show("fromroots domain", lambda: K.fromroots([1, 2], domain=[0, 4]))
    show("identity", lambda: K.identity())
    show("basis(3)", lambda: K.basis(3))
    show("degree", lambda: K.basis(3).degree())
    show("convert to Polynomial", lambda: K([1, 2, 3]).convert(kind=Polynomial))
    show("cast from Polynomial", lambda: K.cast(Polynomial([1, 2, 3])))
    show("convert domain", lambda: K([1, 2, 3]).convert(domain=[0, 2]))
    show("linspace(3)", lambda: K([1, 2, 3]).linspace(3))
    show("trim", lambda: K([1, 2, 1e-3, 0]).trim(0.01))
    show("truncate", lambda: K([1, 2, 3, 4]).truncate(2))
    show("cutdeg", lambda: K([1, 2, 3, 4]).cutdeg(1))
    x = np.linspace(0, 3, 11)
    y = x ** 3 - 2 * x + 1
    f = K.fit(x, y, 3)
    show("fit domain", lambda: (f.domain, f.window))
    show("fit values", lambda: np.round(f(x), 8) + 0.0)
    show("fit converted", lambda: np.round(f.convert(kind=Polynomial).coef, 8) + 0.0)
    show("fit full", lambda: np.round(K.fit(x, y, 2, full=True)[1][0], 6))
    show("p ** 17", lambda: p ** 17)
    show("p + Polynomial", lambda: p + Polynomial([1, 2, 3]))
    show("p + other domain", lambda: p + K([1], domain=[0, 1]))
    show("p + other symbol", lambda: p + K([1], symbol="y"))
    show("p // 0", lambda: p // 0)
    show("p // K([0])", lambda: p // K([0]))
    show("bad domain", lambda: K([1], domain=[1, 2, 3]))
    show("bad symbol", lambda: K([1], symbol="1x"))
    show("p ** -1", lambda: p ** -1)
    show("p / p", lambda: p / p)
