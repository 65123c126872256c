# numpy.linalg, over the native float64 kernels in `np._linalg_native`
# (faer's LU, QR, Cholesky, SVD and symmetric eigensolver) and array ops.
# Stacked (batched) matrices work where a function loops over them
# (solve, inv, det, slogdet, singular values, norms); elsewhere they and
# complex input raise NotImplementedError naming the function; eig and eigvals return
# complex arrays (complex.py) when the eigenvalues are complex.

import collections as _collections
import math as _math

_native = np._linalg_native
_SlogdetResult = _collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
LinAlgError = _native.LinAlgError

__all__ = ["LinAlgError", "solve", "inv", "det", "slogdet", "lstsq", "norm", "matrix_rank", "pinv",
           "qr", "cholesky", "svd", "svdvals", "eigh", "eigvalsh", "eig", "eigvals", "matrix_power",
           "multi_dot", "cond", "trace", "outer", "matmul", "vector_norm", "matrix_norm", "diagonal",
           "cross", "tensorsolve", "tensorinv", "vecdot", "matrix_transpose", "tensordot"]


def _float(a):
    a = np.asarray(a)
    if a.dtype.kind in "biu":
        a = a.astype(np.float64)
    return a


def _out_dtype(*arrays):
    d = np.result_type(*[np.asarray(a) for a in arrays])
    return np.float32 if d == np.float32 else np.float64


def _check_2d(a, name):
    if a.ndim < 2:
        raise LinAlgError("%d-dimensional array given. Array must be at least two-dimensional" % a.ndim)
    if a.ndim > 2:
        raise NotImplementedError("numpy.linalg.%s of stacked matrices is not supported by hipy" % name)


def _check_square(a):
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")


def solve(a, b):
    a = _float(a)
    b = _float(b)
    if a.ndim > 2:
        _check_square(a)
        if b.ndim <= 2:
            # One vector or matrix b for every matrix of the stack.
            return np.stack([solve(a[i], b) for i in range(a.shape[0])])
        if b.ndim != a.ndim or b.shape[:-2] != a.shape[:-2]:
            raise NotImplementedError("numpy.linalg.solve of stacked matrices with broadcasting is not supported by hipy")
        return _stacked(a, solve, b)
    _check_2d(a, "solve")
    _check_square(a)
    dt = _out_dtype(a, b)
    if b.ndim == 1:
        if b.shape[0] != a.shape[0]:
            raise ValueError("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) (size %d is different from %d)" % (b.shape[0], a.shape[0]))
        return _native.solve(a, b.reshape(-1, 1)).reshape(-1).astype(dt)
    if b.shape[0] != a.shape[0]:
        raise ValueError("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size %d is different from %d)" % (b.shape[0], a.shape[0]))
    return _native.solve(a, b).astype(dt)


def inv(a):
    a = _float(a)
    if a.ndim > 2:
        _check_square(a)
        return _stacked(a, inv)
    _check_2d(a, "inv")
    _check_square(a)
    return _native.inv(a).astype(_out_dtype(a))


def det(a):
    a = _float(a)
    if a.ndim > 2:
        _check_square(a)
        return _stacked(a, det)
    _check_2d(a, "det")
    _check_square(a)
    sign, logdet = _native.slogdet(a)
    return _out_dtype(a)(sign * _math.exp(logdet))


def slogdet(a):
    a = _float(a)
    if a.ndim > 2:
        _check_square(a)
        parts = [slogdet(a[i]) for i in range(a.shape[0])]
        return _SlogdetResult(np.array([p[0] for p in parts]), np.array([p[1] for p in parts]))
    _check_2d(a, "slogdet")
    _check_square(a)
    sign, logdet = _native.slogdet(a)
    dt = _out_dtype(a)
    return _SlogdetResult(dt(sign), dt(logdet))


def _stacked(a, f, *rest):
    """f over the matrices of a stack (leading axes), results stacked."""
    if a.ndim == 2:
        return f(a, *rest)
    return np.stack([_stacked(a[i], f, *[r[i] for r in rest]) for i in range(a.shape[0])])


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    a = _float(a)
    if not compute_uv and a.ndim > 2:
        return _stacked(a, _native.singular_values)
    _check_2d(a, "svd")
    m, n = a.shape
    if not compute_uv:
        return _native.singular_values(a)
    u, s, vt = _native.svd(a)
    if full_matrices and m != n:
        raise NotImplementedError("numpy.linalg.svd(full_matrices=True) of a non-square matrix is not supported by hipy")
    return _SVDResult(u, s, vt)


_SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])


def svdvals(x):
    return svd(x, compute_uv=False)


def qr(a, mode="reduced"):
    a = _float(a)
    _check_2d(a, "qr")
    if mode not in ("reduced", "r", "complete"):
        raise ValueError("Unrecognized mode '%s'" % mode)
    m, n = a.shape
    if mode == "complete" and m > n:
        raise NotImplementedError("numpy.linalg.qr(mode='complete') of a tall matrix is not supported by hipy")
    q, r = _native.qr(a)
    if mode == "r":
        return r
    return _QRResult(q, r)


_QRResult = _collections.namedtuple("QRResult", ["Q", "R"])


def cholesky(a, /, *, upper=False):
    a = _float(a)
    _check_2d(a, "cholesky")
    _check_square(a)
    L = _native.cholesky(a)
    return L.T if upper else L


def eigh(a, UPLO="L"):
    a = _float(a)
    _check_2d(a, "eigh")
    _check_square(a)
    if UPLO == "U":
        a = a.T
    w, v = _native.eigh(a)
    return _EighResult(w, v)


_EighResult = _collections.namedtuple("EighResult", ["eigenvalues", "eigenvectors"])


def eigvalsh(a, UPLO="L"):
    return eigh(a, UPLO)[0]


def _complex(re, im):
    """A complex128 array of these parts (numpy's complex arrays, complex.py)."""
    np.complex128  # loads complex.py
    import sys
    cx = sys.modules["numpy._hipy_complex"]
    return cx.ndarray(re, im, cx._C128)


def eigvals(a):
    a = _float(a)
    _check_2d(a, "eigvals")
    _check_square(a)
    re, im = _native.eigvals(a)
    if bool((im != 0).any()):
        return _complex(re, im)
    return re


def eig(a):
    """Eigenvalues and unit right eigenvectors. Symmetric input takes the
    symmetric solver (real results, ascending); otherwise the results are
    complex when any eigenvalue is. The order of eigenvalues of a
    non-symmetric matrix, and the sign of a real eigenvector, are the
    solver's (LAPACK's may differ); each pair satisfies a @ v = w * v."""
    a = _float(a)
    _check_2d(a, "eig")
    _check_square(a)
    sym = bool((a == a.T).all())
    if sym:
        w, v = eigh(a)
        return _EigResult(w, v)
    wr, wi, vr, vi = _native.eig(a)
    if bool((wi != 0).any()):
        return _EigResult(_complex(wr, wi), _complex(vr, vi))
    return _EigResult(wr, vr)


_EigResult = _collections.namedtuple("EigResult", ["eigenvalues", "eigenvectors"])


def lstsq(a, b, rcond=None):
    a = _float(a)
    b = _float(b)
    _check_2d(a, "lstsq")
    is_1d = b.ndim == 1
    if is_1d:
        b = b.reshape(-1, 1)
    m, n = a.shape
    if b.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    if rcond is None:
        rcond = np.finfo(np.float64).eps * max(m, n)
    if m == 0 or n == 0:
        x = np.zeros((n, b.shape[1]))
        return (x.reshape(-1) if is_1d else x), np.zeros(0 if m <= n else b.shape[1]), 0, np.zeros(0)
    x, s, rank = _native.lstsq(a, b, float(rcond))
    if rank == n and m > n:
        r = b - a @ x
        resid = (r * r).sum(axis=0)
    else:
        resid = np.zeros(0)
    if is_1d:
        x = x.reshape(-1)
    return x, resid, np.int32(rank), s


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    a = _float(a)
    _check_2d(a, "pinv")
    if rcond is None:
        rcond = 1e-15 if rtol is None else rtol
    u, s, vt = _native.svd(a)
    cutoff = rcond * (float(s.max()) if s.shape[0] else 0.0)
    s_inv = np.where(s > cutoff, 1.0 / np.where(s > cutoff, s, 1.0), 0.0)
    return (vt.T * s_inv) @ u.T


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = _float(A)
    if A.ndim < 2:
        return int(not bool((A == 0).all()))
    s = svd(A, compute_uv=False)
    if tol is None:
        tol = float(s.max()) * max(A.shape) * np.finfo(np.float64).eps if s.shape[0] else 0.0
    return np.int64((s > tol).sum())


def norm(x, ord=None, axis=None, keepdims=False):
    x = _float(x)
    if axis is None and ord is None:
        r = np.sqrt((x.ravel() * x.ravel()).sum())
        return r.reshape((1,) * x.ndim) if keepdims else r
    if axis is None:
        axis = tuple(range(x.ndim))
    if isinstance(axis, int):
        axis = (axis,)
    if len(axis) == 1:
        ax = axis[0]
        a = np.abs(x)
        if ord is None or ord == 2:
            r = np.sqrt((x * x).sum(axis=ax, keepdims=keepdims))
        elif ord == np.inf:
            r = a.max(axis=ax, keepdims=keepdims)
        elif ord == -np.inf:
            r = a.min(axis=ax, keepdims=keepdims)
        elif ord == 0:
            r = (x != 0).astype(x.dtype).sum(axis=ax, keepdims=keepdims)
        elif ord == 1:
            r = a.sum(axis=ax, keepdims=keepdims)
        elif isinstance(ord, str):
            raise ValueError("Invalid norm order '%s' for vectors" % ord)
        else:
            r = ((a ** ord).sum(axis=ax, keepdims=keepdims)) ** (1.0 / ord)
        return r
    if len(axis) == 2:
        return _matrix_norm(x, ord, axis, keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def _axes(axis, ndim):
    """axis (an int or a tuple) as a tuple of axes in range(ndim), NumPy's errors."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = []
    for ax in axes:
        if not -ndim <= ax < ndim:
            raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (ax, ndim))
        out.append(ax % ndim)
    if len(set(out)) != len(out):
        raise ValueError("Duplicate axes given.")
    return tuple(out)


def _matrix_norm(x, ord, axis, keepdims):
    """The norm of the matrices whose rows and columns run along the two axes."""
    row, col = _axes(axis, x.ndim)
    a = np.abs(x)
    if ord is None or ord == "fro":
        r = np.sqrt((x * x).sum(axis=(row, col)))
    elif ord in (2, -2, "nuc"):
        s = svd(np.moveaxis(x, (row, col), (-2, -1)), compute_uv=False)
        r = s.sum(axis=-1) if ord == "nuc" else s.max(axis=-1) if ord == 2 else s.min(axis=-1)
    elif ord in (1, -1, np.inf, -np.inf):
        # 1: the largest column sum (sum down the rows); inf: the largest row sum.
        summed, other = (row, col) if ord in (1, -1) else (col, row)
        sums = a.sum(axis=summed)
        other = other - 1 if other > summed else other
        r = sums.max(axis=other) if ord > 0 else sums.min(axis=other)
    else:
        raise ValueError("Invalid norm order for matrices.")
    if keepdims:
        r = r.reshape([1 if i in (row, col) else n for i, n in enumerate(x.shape)])
    return r


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _float(x)
    axes = tuple(range(x.ndim)) if axis is None else _axes(axis, x.ndim)
    if len(axes) == 1:
        return norm(x, ord=ord, axis=axes[0], keepdims=keepdims)
    # Several axes: one vector per position of the other axes.
    rest = [i for i in range(x.ndim) if i not in axes]
    flat = np.transpose(x, rest + list(axes)).reshape([x.shape[i] for i in rest] + [-1])
    r = norm(flat, ord=ord, axis=-1)
    if keepdims:
        r = r.reshape([1 if i in axes else n for i, n in enumerate(x.shape)])
    return r


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def cond(x, p=None):
    x = _float(x)
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        return s[0] / s[-1] if p != -2 else s[-1] / s[0]
    return norm(x, p) * norm(inv(x), p)


def matrix_power(a, n):
    a = np.asarray(a)
    _check_2d(a, "matrix_power")
    _check_square(a)
    if not isinstance(n, int) and not (isinstance(n, np.generic) and n.dtype.kind in "iu"):
        raise TypeError("exponent must be an integer")
    n = int(n)
    if n == 0:
        return np.eye(a.shape[0], dtype=a.dtype)
    if n < 0:
        a = inv(a)
        n = -n
    result = None
    base = a
    while n > 0:
        if n & 1:
            result = base if result is None else result @ base
        n >>= 1
        if n:
            base = base @ base
    return result


def multi_dot(arrays, *, out=None):
    arrays = list(arrays)
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    r = arrays[0]
    for m in arrays[1:]:
        r = np.dot(r, m)
    return r


def trace(x, /, *, offset=0, dtype=None):
    return np.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def diagonal(x, /, *, offset=0):
    return np.diagonal(x, offset, axis1=-2, axis2=-1)


def outer(x1, x2, /):
    x1 = np.asarray(x1)
    x2 = np.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("Input arrays must be one-dimensional, but they are %dd and %dd." % (x1.ndim, x2.ndim))
    return np.outer(x1, x2)


def matmul(x1, x2, /):
    return np.matmul(x1, x2)


def cross(x1, x2, /, *, axis=-1):
    x1 = np.asarray(x1)
    x2 = np.asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are %d and %d "
                         "dimensional instead." % (x1.shape[axis], x2.shape[axis]))
    if axis in (-1, max(x1.ndim, x2.ndim) - 1):
        return np.cross(x1, x2)
    return np.moveaxis(np.cross(np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)), -1, axis)


def vecdot(x1, x2, /, *, axis=-1):
    return (np.asarray(x1) * np.asarray(x2)).sum(axis=axis)


def matrix_transpose(x, /):
    return np.swapaxes(x, -1, -2)


def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes)


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def tensorsolve(a, b, axes=None):
    a = np.asarray(a)
    b = np.asarray(b)
    if axes is not None:
        order = [i for i in range(a.ndim) if i not in [ax % a.ndim for ax in axes]]
        a = np.transpose(a, order + [ax % a.ndim for ax in axes])
    unknowns = a.shape[b.ndim:]
    n = _prod(unknowns)
    if _prod(a.shape[:b.ndim]) != n:
        raise LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    return solve(a.reshape(-1, n), b.ravel()).reshape(unknowns)


def tensorinv(a, ind=2):
    a = np.asarray(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    inner = a.shape[:ind]
    outer_shape = a.shape[ind:]
    n = _prod(inner)
    if _prod(outer_shape) != n:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return inv(a.reshape(n, -1)).reshape(outer_shape + inner)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError("module 'numpy.linalg' has no attribute '%s'" % name)
    raise NotImplementedError("numpy.linalg.%s is not supported by hipy" % name)
