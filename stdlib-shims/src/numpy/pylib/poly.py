# Polynomials in NumPy's classic API (coefficients highest power first):
# polyfit (NumPy's scaled least squares over numpy.linalg.lstsq), polyval
# (Horner), polyder, polyint, polyadd, polysub, polymul, roots, poly1d.

__all__ = ["polyfit", "polyval", "polyder", "polyint", "polyadd", "polysub", "polymul", "roots", "poly", "poly1d"]


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    order = int(deg) + 1
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if cov:
        raise NotImplementedError("numpy.polyfit(cov=True) is not supported by hipy")
    if rcond is None:
        rcond = len(x) * np.finfo(x.dtype).eps
    lhs = np.vander(x, order)
    rhs = y
    if w is not None:
        w = np.asarray(w) + 0.0
        lhs = lhs * w.reshape(-1, 1)
        rhs = rhs * (w if rhs.ndim == 1 else w.reshape(-1, 1))
    scale = np.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = np.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if full:
        return c, resids, rank, s, rcond
    return c


def polyval(p, x):
    p = np.asarray(p)
    scalar = not isinstance(x, np.ndarray) and np.ndim(x) == 0
    x = np.asarray(x)
    y = np.zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y[()] if scalar and isinstance(y, np.ndarray) else y


def polyder(p, m=1):
    p = np.asarray(p)
    for _ in range(m):
        n = p.shape[0] - 1
        p = p[:-1] * np.arange(n, 0, -1)
    return p


def polyint(p, m=1, k=None):
    p = np.asarray(p)
    for _ in range(m):
        n = p.shape[0]
        p = np.concatenate([p / np.arange(n, 0, -1), [0 if k is None else k]])
    return p


def _trim(a):
    a = np.asarray(a)
    nz = np.flatnonzero(a)
    return a[nz[0]:] if nz.size else a[-1:]


def polyadd(a1, a2):
    a1 = np.atleast_1d(np.asarray(a1))
    a2 = np.atleast_1d(np.asarray(a2))
    d = a1.shape[0] - a2.shape[0]
    if d > 0:
        a2 = np.concatenate([np.zeros(d, dtype=a2.dtype), a2])
    elif d < 0:
        a1 = np.concatenate([np.zeros(-d, dtype=a1.dtype), a1])
    return a1 + a2


def polysub(a1, a2):
    return polyadd(a1, -np.asarray(a2))


def polymul(a1, a2):
    return np.convolve(a1, a2)


def roots(p):
    p = np.atleast_1d(np.asarray(p)) + 0.0
    nz = np.flatnonzero(p)
    if nz.size == 0:
        return np.array([])
    trailing = p.shape[0] - nz[-1] - 1
    p = p[int(nz[0]):int(nz[-1]) + 1]
    n = p.shape[0]
    if n > 1:
        A = np.diag(np.ones(n - 2), -1)
        A[0, :] = -p[1:] / p[0]
        r = np.linalg.eigvals(A)
    else:
        r = np.array([])
    return np.concatenate([r, np.zeros(trailing)])


def poly(seq_of_zeros):
    z = np.atleast_1d(np.asarray(seq_of_zeros))
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        # A matrix: the coefficients of its characteristic polynomial.
        z = np.linalg.eigvals(z)
    elif z.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if z.dtype.kind == "c":
        raise NotImplementedError("numpy.poly of complex roots is not supported by hipy")
    if z.shape[0] == 0:
        return 1.0
    a = np.ones(1)
    for r in z:
        a = np.convolve(a, np.array([1, -r]))
    return a


class poly1d:
    def __init__(self, c_or_r, r=False, variable=None):
        c = poly(c_or_r) if r else _trim(np.atleast_1d(np.asarray(c_or_r)))
        self.coeffs = self.coef = self.c = c
        self.order = c.shape[0] - 1
        self.variable = variable or "x"

    def __call__(self, val):
        return polyval(self.coeffs, val)

    def __repr__(self):
        return "poly1d(%s)" % repr(self.coeffs)[6:-1]

    def __len__(self):
        return self.order

    def __getitem__(self, k):
        return self.coeffs[self.order - k] if 0 <= k <= self.order else self.coeffs.dtype.type(0)

    def __add__(self, other):
        return poly1d(polyadd(self.coeffs, other.coeffs if isinstance(other, poly1d) else other))

    def __sub__(self, other):
        return poly1d(polysub(self.coeffs, other.coeffs if isinstance(other, poly1d) else other))

    def __mul__(self, other):
        if isinstance(other, poly1d):
            return poly1d(polymul(self.coeffs, other.coeffs))
        return poly1d(self.coeffs * other)

    def deriv(self, m=1):
        return poly1d(polyder(self.coeffs, m))

    def integ(self, m=1, k=0):
        return poly1d(polyint(self.coeffs, m, k))

    @property
    def roots(self):
        return roots(self.coeffs)
