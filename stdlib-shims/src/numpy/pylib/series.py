# The orthogonal series kinds of `numpy.polynomial` (Chebyshev, Legendre,
# Hermite, HermiteE, Laguerre) from one generic implementation: a kind is
# its three-term recurrence P[i+1] = (a_i x + b_i) P[i] - g_i P[i-1]
# (P[0] = 1), its basis letter and its default domain and window. From the
# recurrence come multiplication by x, products, division, powers,
# evaluation, derivatives, integrals (back-substitution through the
# derivative), Vandermonde matrices, fits, companion matrices and roots.
# The series class is polynomial.py's `_SeriesBase`. Each kind's module
# (chebyshev.py, ...) calls `family`. Written from NumPy's documentation
# and the recurrences of the classical orthogonal polynomials.

import sys as _sys

_P = np.polynomial.polynomial
_as_series = _P._as_series
_trimseq = _P._trimseq
_array1 = _P._array1
_as_int = _P._as_int


def _sc(v, f):
    """`v` times the Fraction `f`, as `v * numerator / denominator`."""
    if f.denominator == 1:
        return v * f.numerator
    return v * f.numerator / f.denominator


def family(module, prefix, name, letter, rec, xterm, domain, window, norm, weight, symmetric):
    """Defines the module functions and class of one kind in its module
    `numpy.polynomial.<module>`: `<prefix>add`, ..., `<prefix>domain`, ...,
    and `name` (the class). `rec(i)` gives the recurrence's (a_i, b_i, g_i) as Fractions;
    `xterm(v, x, i)` is v (a_i x + b_i), rounded as NumPy does; `norm(k)` is
    the integral of P[k]^2 times the weight function `weight`; a
    `symmetric` kind's Gauss nodes and weights are symmetric about 0."""

    def mulx(c):
        [c] = _as_series([c])
        if len(c) == 1 and c[0] == 0:
            return c
        n = len(c)
        prd = np.zeros(n + 1, dtype=c.dtype)
        # x P[i] = (P[i+1] - b_i P[i] + g_i P[i-1]) / a_i
        for i in range(n):
            a, b, g = rec(i)
            prd[i + 1] += _sc(c[i], 1 / a)
            if b:
                prd[i] -= _sc(c[i], b / a)
            if i > 0:
                prd[i - 1] += _sc(c[i], g / a)
        return prd

    def mul(c1, c2):
        [c1, c2] = _as_series([c1, c2])
        if len(c1) < len(c2):
            c1, c2 = c2, c1
        # sum of c2[i] * (c1 P[i]), c1 P[i] by the recurrence
        prev = c1
        ret = c1 * c2[0]
        if len(c2) > 1:
            a, b, g = rec(0)
            cur = _P.polyadd(_sc(mulx(prev), a), _sc(prev, b))
            ret = _P.polyadd(ret, cur * c2[1])
            for i in range(1, len(c2) - 1):
                a, b, g = rec(i)
                nxt = _P.polysub(_P.polyadd(_sc(mulx(cur), a), _sc(cur, b)), _sc(prev, g))
                ret = _P.polyadd(ret, nxt * c2[i + 1])
                prev, cur = cur, nxt
        return _trimseq(np.asarray(ret))

    def div(c1, c2):
        [c1, c2] = _as_series([c1, c2])
        if c2[-1] == 0:
            raise ZeroDivisionError
        lc1, lc2 = len(c1), len(c2)
        if lc1 < lc2:
            return c1[:1] * 0, c1
        if lc2 == 1:
            return c1 / c2[-1], c1[:1] * 0
        quo = np.empty(lc1 - lc2 + 1, dtype=c1.dtype)
        rem = c1
        for i in range(lc1 - lc2, -1, -1):
            p = mul([0] * i + [1], c2)
            q = rem[-1] / p[-1]
            rem = rem[:-1] - q * p[:-1]
            quo[i] = q
        return quo, _trimseq(rem)

    def pow_(c, pow, maxpower=16):
        return _P._pow_with(mul, c, pow, maxpower)

    def basis_values(x, n):
        """P[0](x), ..., P[n-1](x), for arrays, scalars or series."""
        vals = [x * 0 + 1]
        if n > 1:
            vals.append(xterm(x * 0 + 1, x, 0))
        for i in range(1, n - 1):
            vals.append(xterm(vals[i], x, i) - _sc(vals[i - 1], rec(i)[2]))
        return vals

    def val(x, c, tensor=True):
        c = _array1(c)
        if c.dtype.kind in "biu":
            c = c + 0.0
        if isinstance(x, (tuple, list)):
            x = np.asarray(x)
        if isinstance(x, np.ndarray) and tensor:
            c = c.reshape(c.shape + (1,) * x.ndim)
        if isinstance(x, _P._SeriesBase):
            c = c.tolist()
        # Clenshaw's recurrence, from the highest degree down
        if len(c) == 1:
            c0, c1 = c[0], 0
        else:
            c0, c1 = c[-2], c[-1]
            for j in range(len(c) - 2, 0, -1):
                tmp = c0
                c0 = c[j - 1] - _sc(c1, rec(j)[2])
                c1 = tmp + xterm(c1, x, j)
        return c0 + xterm(c1, x, 0)

    def der_basis(n):
        """The derivatives of P[0], ..., P[n-1] as series (lists)."""
        ders = [np.array([0.0])]
        if n > 1:
            ders.append(np.array([float(rec(0)[0])]))
        for i in range(1, n - 1):
            a, b, g = rec(i)
            # P[i+1]' = a P[i] + (a x + b) P[i]' - g P[i-1]'
            d = _P.polyadd(_sc(mulx(ders[i]), a), _sc(ders[i], b))
            d = _P.polysub(d, _sc(ders[i - 1], g))
            d = np.concatenate([d, np.zeros(i + 1 - len(d))])
            d[i] += float(a)
            ders.append(d)
        return ders

    def der(c, m=1, scl=1, axis=0):
        c, cnt = _P._der_args(c, m, axis, f"numpy.polynomial.{module}.{prefix}der")
        if cnt == 0:
            return c
        if cnt >= len(c):
            return c[:1] * 0
        for _ in range(cnt):
            n = len(c)
            c = c * scl
            ders = der_basis(n)
            out = np.zeros(n - 1, dtype=c.dtype)
            for j in range(1, n):
                d = ders[j]
                out[:len(d)] += c[j] * np.asarray(d)
            c = out
        return c

    def int_(c, m=1, k=[], lbnd=0, scl=1, axis=0):
        c, cnt, k = _P._int_args(c, m, k, lbnd, scl, axis, f"numpy.polynomial.{module}.{prefix}int")
        if cnt == 0:
            return c
        for i in range(cnt):
            n = len(c)
            c = c * scl
            if n == 1 and np.all(c[0] == 0):
                c[0] += k[i]
                continue
            ders = der_basis(n + 1)
            rest = np.array(c)
            out = np.zeros(n + 1, dtype=c.dtype)
            # back-substitution: P[j+1]' has degree j
            for j in range(n - 1, -1, -1):
                d = np.asarray(ders[j + 1])
                q = rest[j] / d[j]
                out[j + 1] = q
                rest[:j + 1] -= q * d[:j + 1]
            out[0] += k[i] - val(lbnd, out)
            c = out
        return c

    def vander(x, deg):
        ideg = _as_int(deg, "deg")
        if ideg < 0:
            raise ValueError("deg must be non-negative")
        x = _array1(x) + 0.0
        v = np.empty((ideg + 1,) + x.shape, dtype=x.dtype)
        for i, p in enumerate(basis_values(x, ideg + 1)):
            v[i] = p
        return np.moveaxis(v, 0, -1)

    def fit(x, y, deg, rcond=None, full=False, w=None):
        return _P._fit_with(vander, x, y, deg, rcond, full, w)

    def line(off, scl):
        # off + scl x = off - scl b0 / a0 + (scl / a0) P[1]
        a, b, g = rec(0)
        if scl != 0:
            return np.array([off - _sc(scl, b / a) if b else off, _sc(scl, 1 / a)])
        return np.array([off])

    def companion(c):
        [c] = _as_series([c])
        if len(c) < 2:
            raise ValueError("Series must have maximum degree of at least 1.")
        if len(c) == 2:
            return np.array([[root_of_line(c)]])
        n = len(c) - 1
        mat = np.zeros((n, n), dtype=c.dtype)
        # column i: x P[i] in the basis, P[n] replaced by -sum(c[:n] P) / c[n]
        for i in range(n):
            a, b, g = rec(i)
            mat[i, i] -= float(b / a)
            if i > 0:
                mat[i - 1, i] += float(g / a)
            if i + 1 < n:
                mat[i + 1, i] += float(1 / a)
            else:
                mat[:, i] -= _sc(c[:n] / c[n], 1 / a)
        return mat

    def root_of_line(c):
        a, b, g = rec(0)
        return -(c[0] + _sc(c[1], b)) / _sc(c[1], a)

    def roots(c):
        [c] = _as_series([c])
        if len(c) < 2:
            return np.array([], dtype=c.dtype)
        if len(c) == 2:
            return np.array([root_of_line(c)])
        r = np.linalg.eigvals(companion(c))
        return np.sort(r)

    def fromroots(roots):
        return _P._fromroots_with(line, mul, roots)

    def to_poly(c):
        # the series evaluated at the power series x
        [c] = _as_series([c])
        return val(_P.Polynomial([0, 1]), c).coef

    def from_poly(pol):
        # Horner's scheme in the basis
        [pol] = _as_series([pol])
        res = np.zeros(1, dtype=pol.dtype)
        for i in range(len(pol) - 1, -1, -1):
            res = _P.polyadd(mulx(res), pol[i:i + 1])
        return res

    def gauss(deg):
        # the nodes are the roots of P[deg]; the weight at a node is
        # 1 / sum(p_k(x)^2) over the orthonormal p_k of degree < deg
        ideg = _as_int(deg, "deg")
        if ideg <= 0:
            raise ValueError("deg must be a positive integer")
        x = roots([0] * ideg + [1])
        if symmetric:
            x = (x - x[::-1]) / 2
        vals = basis_values(x, ideg)
        s = vals[0] * vals[0] / norm(0)
        for k in range(1, ideg):
            s = s + vals[k] * vals[k] / norm(k)
        w = 1 / s
        if symmetric:
            w = (w + w[::-1]) / 2
        return x, w

    missing = {prefix + n for n in ("val2d", "val3d", "grid2d", "grid3d", "vander2d", "vander3d")}
    if prefix == "cheb":
        missing |= {"chebpts1", "chebpts2", "chebinterpolate"}

    def __getattr__(attr):
        if attr in missing:
            raise NotImplementedError(f"numpy.polynomial.{module}.{attr} is not supported by hipy")
        raise AttributeError(f"module 'numpy.polynomial.{module}' has no attribute '{attr}'")

    cls = type(name, (_P._SeriesBase,), {
        "__doc__": f"A {name} series: `{name}(coef, domain=None, window=None, symbol='x')`.",
        "__module__": f"numpy.polynomial.{module}",
        "_add": staticmethod(_P.polyadd), "_sub": staticmethod(_P.polysub), "_mul": staticmethod(mul),
        "_div": staticmethod(div), "_pow": staticmethod(pow_), "_val": staticmethod(val),
        "_int": staticmethod(int_), "_der": staticmethod(der), "_fit": staticmethod(fit),
        "_line": staticmethod(line), "_roots": staticmethod(roots), "_fromroots": staticmethod(fromroots),
        "domain": np.array(domain), "window": np.array(window), "basis_name": letter,
    })
    ones = np.array([1])
    _sys.modules[f"numpy.polynomial.{module}"].__dict__.update({
        name: cls,
        prefix + "add": _P.polyadd, prefix + "sub": _P.polysub, prefix + "mulx": mulx, prefix + "mul": mul,
        prefix + "div": div, prefix + "pow": pow_, prefix + "val": val, prefix + "der": der,
        prefix + "int": int_, prefix + "vander": vander, prefix + "fit": fit, prefix + "line": line,
        prefix + "companion": companion, prefix + "roots": roots, prefix + "fromroots": fromroots,
        prefix + "domain": np.array(domain), prefix + "zero": np.array([0]), prefix + "one": ones,
        prefix + "x": line(0, 1), prefix + "trim": _P._trimcoef, prefix + "2poly": to_poly,
        "poly2" + prefix: from_poly, "__getattr__": __getattr__, prefix + "gauss": gauss, prefix + "weight": weight,
    })
