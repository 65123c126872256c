# The module functions of numpy.polynomial.chebyshev, legendre, hermite,
# hermite_e and laguerre, with their errors.
import numpy as np
import numpy.polynomial.chebyshev as C
import numpy.polynomial.legendre as L
import numpy.polynomial.hermite as H
import numpy.polynomial.hermite_e as HE
import numpy.polynomial.laguerre as LG


def show(label, f):
    try:
        v = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
        return
    print(label, "->", repr(v))


for M, p in ((C, "cheb"), (L, "leg"), (H, "herm"), (HE, "herme"), (LG, "lag")):
    print("==", M.__name__)
    g = lambda name: getattr(M, p + name)
    c1 = [1., 2., 3.]
    c2 = [0.5, -1., 0., 2.]
    for name in ("domain", "zero", "one", "x"):
        show(p + name, lambda: g(name))
    show(p + "add", lambda: g("add")(c1, c2))
    show(p + "sub", lambda: g("sub")(c1, c2))
    show(p + "mulx", lambda: g("mulx")(c2))
    show(p + "mul", lambda: g("mul")(c1, c2))
    show(p + "div", lambda: g("div")(c2, c1))
    show(p + "div long", lambda: g("div")([1, 2, 3, 4, 5], [1, 1]))
    show(p + "div scalar", lambda: g("div")(c1, [2]))
    show(p + "div short", lambda: g("div")([1], c1))
    show(p + "pow", lambda: g("pow")(c1, 3))
    show(p + "pow 0", lambda: g("pow")(c1, 0))
    show(p + "val", lambda: g("val")(np.array([0.5, -0.25, 2.]), c2))
    show(p + "val scalar", lambda: g("val")(1.5, [1, 2, 3]))
    show(p + "val 2-d c", lambda: g("val")([1, 2], [[1, 2], [3, 4]]))
    show(p + "val tensor=False", lambda: g("val")([1, 2], [[1, 2], [3, 4]], tensor=False))
    show(p + "val one", lambda: g("val")([1, 2, 3], [5]))
    show(p + "der", lambda: g("der")(c2))
    show(p + "der m=2 scl=3", lambda: g("der")(c2, 2, 3))
    show(p + "der m=5", lambda: g("der")(c2, 5))
    show(p + "int", lambda: g("int")(c2))
    show(p + "int m=2", lambda: g("int")(c2, 2, [1, 2], 0.5, 2))
    show(p + "int zero", lambda: g("int")([0], 1, [3]))
    show(p + "vander", lambda: g("vander")([0.5, 1, 2], 3))
    show(p + "line", lambda: g("line")(3, 2))
    show(p + "line 0", lambda: g("line")(3, 0))
    show(p + "companion", lambda: np.round(np.sort(np.linalg.eigvals(g("companion")(c2))), 10))
    show(p + "roots", lambda: np.round(g("roots")(g("fromroots")([-1.5, 0.5, 2.25])), 10))
    show(p + "roots line", lambda: g("roots")([1, 3]))
    show(p + "roots const", lambda: g("roots")([1]))
    show(p + "fromroots", lambda: g("fromroots")([1, -2, 0.5]))
    show(p + "fromroots empty", lambda: g("fromroots")([]))
    x = np.linspace(0, 3, 11)
    y = x ** 3 - x
    show(p + "fit", lambda: np.round(g("val")(x, g("fit")(x, y, 3)), 8) + 0.0)
    show(p + "fit 2-d y", lambda: np.round(g("fit")(x, np.stack([y, 2 * y], axis=1), 3).shape, 8))
    show(p + "fit deg list", lambda: np.round(g("val")(x, g("fit")(x, y, [1, 3])), 8) + 0.0)
    show(p + "trim", lambda: g("trim")([1, 2, 1e-3, 0], 0.01))
    show(p + "2poly", lambda: getattr(M, p + "2poly")([1, 2, 3, 4]))
    show("poly2" + p, lambda: getattr(M, "poly2" + p)([1, 2, 3, 4]))
    # errors
    show(p + "pow -1", lambda: g("pow")(c1, -1))
    show(p + "pow too large", lambda: g("pow")(c1, 17))
    show(p + "div by zero", lambda: g("div")(c1, [0]))
    show(p + "der negative", lambda: g("der")(c1, -1))
    show(p + "der float m", lambda: g("der")(c1, 1.5))
    show(p + "int too many k", lambda: g("int")(c1, 1, [1, 2]))
    show(p + "int lbnd", lambda: g("int")(c1, 1, [], [1, 2]))
    show(p + "vander negative", lambda: g("vander")([1, 2], -1))
    show(p + "companion short", lambda: g("companion")([1]))
    show(p + "fit deg", lambda: g("fit")(x, y, -1))
    show(p + "fit shapes", lambda: g("fit")(x, y[:3], 2))
    show(p + "empty", lambda: g("add")([], [1]))
    show(p + "gauss(1)", lambda: np.round(g("gauss")(1), 10))
    show(p + "gauss(3)", lambda: np.round(g("gauss")(3), 10))
    show(p + "gauss(6)", lambda: np.round(g("gauss")(6), 10))
    show(p + "gauss(0)", lambda: g("gauss")(0))
    show(p + "gauss quadrature", lambda: np.round(np.sum(g("gauss")(5)[1] * g("gauss")(5)[0] ** 4), 10))
    show(p + "weight", lambda: np.round(g("weight")(np.array([0., 0.25, -0.5])), 12))
    show(p + "nosuch", lambda: g("nosuch"))
