# Contractions (einsum, tensordot, vdot), vectorize, and a few more helpers.

import collections as _collections
import operator as _operator
import sys as _sys

__all__ = ["einsum", "tensordot", "vdot", "trim_zeros", "unique_all", "unstack", "unwrap",
           "vectorize", "ScalarType", "typecodes", "sctypeDict", "set_printoptions",
           "printoptions", "show_config",
           "show_runtime", "broadcast"]

import builtins as _b


def _parse(subscripts, n, ndims=None):
    s = subscripts.replace(" ", "")
    if "->" in s:
        ins, out = s.split("->")
    else:
        ins, out = s, None
    terms = ins.split(",")
    if len(terms) != n:
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts string" if n > len(terms) else "fewer operands provided to einstein sum function than specified in the subscripts string")
    ell = []
    if "..." in s:
        # '...' stands for the broadcast leading axes: fresh letters, right-aligned.
        k = 0
        for t, nd in zip(terms, ndims):
            if "..." in t:
                k = _b.max(k, nd - (len(t) - 3))
        ell = [chr(0x3b1 + i) for i in range(k)]
        new_terms = []
        for t, nd in zip(terms, ndims):
            if "..." in t:
                m = nd - (len(t) - 3)
                if m < 0:
                    raise ValueError("einstein sum subscripts string contains too many subscripts for operand %d" % len(new_terms))
                t = t.replace("...", "".join(ell[k - m:]))
            new_terms.append(t)
        terms = new_terms
    if out is None:
        letters = "".join(terms)
        out = "".join(ell) + "".join(sorted(c for c in set(letters) if letters.count(c) == 1 and c not in ell))
    elif "..." in out:
        out = out.replace("...", "".join(ell))
    return terms, out


def einsum(subscripts, *operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    terms, output = _parse(subscripts, len(operands), [np.ndim(op) for op in operands])
    letters = []
    for t in terms + [output]:
        for c in t:
            if c not in letters:
                letters.append(c)
    sizes = {}
    arrays = []
    for t, op in zip(terms, operands):
        a = np.asarray(op)
        if len(t) != a.ndim:
            raise ValueError("einstein sum subscripts string contains too many subscripts for operand %d" % len(arrays))
        if len(set(t)) != len(t):
            # A repeated letter takes the diagonal.
            for c in set(t):
                while t.count(c) > 1:
                    i = t.index(c)
                    j = t.index(c, i + 1)
                    a = np.diagonal(a, 0, i, j)
                    t = t[:i] + t[i + 1:j] + t[j + 1:] + c
        for c, d in zip(t, a.shape):
            if sizes.get(c, d) != d and d != 1 and sizes.get(c) != 1:
                raise ValueError("operands could not be broadcast together with remapped shapes")
            sizes[c] = _b.max(sizes.get(c, 1), d)
        perm = sorted(range(len(t)), key=lambda k: letters.index(t[k]))
        a = a.transpose(perm) if perm != list(range(len(t))) else a
        present = sorted(t, key=letters.index)
        shape = [a.shape[present.index(c)] if c in present else 1 for c in letters]
        arrays.append(a.reshape(tuple(shape)))
    prod = arrays[0]
    for a in arrays[1:]:
        prod = prod * a
    summed = tuple(k for k, c in enumerate(letters) if c not in output)
    r = prod.sum(axis=summed) if summed else prod
    kept = [c for c in letters if c in output]
    if kept:
        r = np.transpose(r, [kept.index(c) for c in output])
    if dtype is not None:
        r = r.astype(dtype)
    if out is not None:
        out[...] = r
        return out
    return r


def tensordot(a, b, axes=2):
    a = np.asarray(a)
    b = np.asarray(b)
    if isinstance(axes, int):
        ax_a = list(range(a.ndim - axes, a.ndim))
        ax_b = list(range(axes))
    else:
        ax_a, ax_b = axes
        ax_a = [ax_a] if isinstance(ax_a, int) else list(ax_a)
        ax_b = [ax_b] if isinstance(ax_b, int) else list(ax_b)
    ax_a = [x % a.ndim for x in ax_a]
    ax_b = [x % b.ndim for x in ax_b]
    for x, y in zip(ax_a, ax_b):
        if a.shape[x] != b.shape[y]:
            raise ValueError("shape-mismatch for sum")
    free_a = [k for k in range(a.ndim) if k not in ax_a]
    free_b = [k for k in range(b.ndim) if k not in ax_b]
    n = 1
    for x in ax_a:
        n *= a.shape[x]
    ma = a.transpose(free_a + ax_a).reshape(-1, n)
    mb = b.transpose(ax_b + free_b).reshape(n, -1)
    shape = tuple(a.shape[k] for k in free_a) + tuple(b.shape[k] for k in free_b)
    return np.dot(ma, mb).reshape(shape)


def _matmul_stacked(a, b):
    """a @ b when either is a stack of matrices: batch axes broadcast, one
    2-D product per matrix."""
    va, vb = a.ndim == 1, b.ndim == 1
    if va:
        a = a.reshape(1, -1)
    if vb:
        b = b.reshape(-1, 1)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         "(n?,k),(k,m?)->(n?,m?) (size %d is different from %d)" % (b.shape[-2], a.shape[-1]))
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    n = 1
    for d in batch:
        n *= d
    a3 = a.reshape((n,) + a.shape[-2:])
    b3 = b.reshape((n,) + b.shape[-2:])
    out = np.stack([a3[i] @ b3[i] for i in range(n)]) if n else np.zeros((0, a.shape[-2], b.shape[-1]),
                                                                           dtype=np.result_type(a, b))
    out = out.reshape(batch + out.shape[-2:])
    if va:
        out = out.reshape(out.shape[:-2] + out.shape[-1:])
    if vb:
        out = out.reshape(out.shape[:-1])
    return out


def vdot(a, b):
    return np.dot(np.ravel(a), np.ravel(b))


def trim_zeros(filt, trim="fb", axis=None):
    a = np.asarray(filt)
    nz = np.flatnonzero(a)
    if nz.size == 0:
        return a[:0]
    start = int(nz[0]) if "f" in trim else 0
    stop = int(nz[-1]) + 1 if "b" in trim else a.shape[0]
    return a[start:stop]


_UniqueAll = _collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])


def unique_all(x):
    return _UniqueAll(*np.unique(x, return_index=True, return_inverse=True, return_counts=True))


def unstack(x, /, *, axis=0):
    x = np.asarray(x)
    return tuple(np.moveaxis(x, axis, 0)[i] for i in range(x.shape[axis]))


def unwrap(p, discont=None, axis=-1, *, period=6.283185307179586):
    p = np.asarray(p).astype(np.float64)
    dd = np.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    high = period / 2
    ddmod = np.mod(dd + high, period) - high
    ddmod = np.where((ddmod == -high) & (dd > 0), high, ddmod)
    ph_correct = np.where(np.abs(dd) < discont, 0.0, ddmod - dd)
    lead = (slice(None),) * (axis % p.ndim)
    head = p[lead + (slice(0, 1),)]
    return np.concatenate([head, p[lead + (slice(1, None),)] + np.cumsum(ph_correct, axis=axis)], axis=axis)


class vectorize:
    """`np.vectorize`: `pyfunc` is first offered to hipy's staging (run once
    per path on symbolic elements, giving one fused lazy expression; see
    hipy's stage_numpy.py). When it cannot be staged exactly it runs as
    NumPy runs it: without `otypes`, once on the first elements (as numpy
    scalars) to find the output dtype, then on every element (as Python
    scalars), the results converted to that dtype."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise NotImplementedError("numpy.vectorize(signature=...) is not supported by hipy")
        if excluded:
            raise NotImplementedError("numpy.vectorize(excluded=...) is not supported by hipy")
        self.pyfunc = pyfunc
        if isinstance(otypes, str):
            otypes = list(otypes)
        elif otypes is not None:
            otypes = [np.dtype(t).char for t in otypes]
        self.otypes = otypes
        self.cache = cache
        self.__doc__ = doc if doc is not None else getattr(pyfunc, "__doc__", None)
        self._note = "not called yet"

    def __call__(self, *args, **kwargs):
        arrays = [np.asarray(a) for a in args]
        if self.otypes is None and any(a.size == 0 for a in arrays):
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        import hipy
        name = getattr(self.pyfunc, "__name__", "function")
        if not hipy._STAGING:
            self._note = f"{name}: not staged: staging is off (HIPY_STAGE=off)"
        elif kwargs or not arrays or (self.otypes is not None and len(self.otypes) != 1):
            self._note = f"{name}: not staged: keyword arguments, no arguments or several otypes"
        elif self.otypes is not None and "O" in self.otypes:
            self._note = f"{name}: not staged: object otypes"
        else:
            try:
                out, npaths = hipy._stage_vectorize(self.pyfunc, arrays, self.otypes[0] if self.otypes else None)
            except hipy._NotStaged as e:
                self._note = f"{name}: not staged: {e}"
            else:
                self._note = f"{name}: staged ({npaths} path{'s' if npaths != 1 else ''})"
                hipy._note(out, self._note)
                return out
        out = self._loop(arrays, kwargs)
        if isinstance(out, np.ndarray):
            hipy._note(out, self._note)
        return out

    def _loop(self, arrays, kwargs):
        func = self.pyfunc
        shape = np.broadcast_shapes(*[a.shape for a in arrays]) if arrays else ()
        flats = [np.broadcast_to(a, shape).ravel().tolist() for a in arrays]
        n = 1
        for d in shape:
            n *= d
        results = []
        if self.otypes is None:
            first = func(*[a.ravel()[0] for a in arrays], **kwargs)
            if isinstance(first, tuple):
                otypes = [np.asarray(x).dtype for x in first]
            else:
                otypes = [np.asarray(first).dtype]
            if self.cache:
                results.append(first)
        else:
            otypes = [np.dtype(t) for t in self.otypes]
        for i in range(len(results), n):
            results.append(func(*[f[i] for f in flats], **kwargs))
        if results and isinstance(results[0], tuple):
            outs = tuple(self._array([r[k] for r in results], otypes[k], shape) for k in range(len(results[0])))
            return outs
        return self._array(results, otypes[0], shape)

    @staticmethod
    def _array(results, dt, shape):
        if dt.char == "O":
            # Each result is one element, as it is (a list too).
            return np._object_arrays._new(list(results), shape)
        out = np.array(results, dtype=dt) if results else np.zeros(0, dtype=dt)
        return out.reshape(shape)

    def _hipy_explain(self):
        return self._note


ScalarType = (int, float, complex, bool, bytes, str, memoryview, np.bool_, np.int8, np.int16, np.int32,
              np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16, np.float32, np.float64)
typecodes = {"Character": "c", "Integer": "bhilqnp", "UnsignedInteger": "BHILQNP", "Float": "efdg",
             "Complex": "FDG", "AllInteger": "bBhHiIlLqQnNpP", "AllFloat": "efdgFDG",
             "Datetime": "Mm", "All": "?bhilqnpBHILQNPefdgFDGSUVOMm"}
sctypeDict = {n: getattr(np, n) for n in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                          "uint32", "uint64", "float16", "float32", "float64", "double",
                                          "single", "half", "byte", "ubyte", "short", "ushort", "intc",
                                          "uintc", "long", "ulong", "longlong", "ulonglong"]}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None,
                     nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None,
                     override_repr=None):
    fixed = {"nanstr": "nan", "infstr": "inf", "formatter": None, "sign": "-", "floatmode": "maxprec",
             "override_repr": None}
    given = {"nanstr": nanstr, "infstr": infstr, "formatter": formatter, "sign": sign, "floatmode": floatmode,
             "override_repr": override_repr}
    for k, v in given.items():
        if v is not None and v != fixed[k]:
            raise NotImplementedError("numpy.set_printoptions(%s=...) is not supported by hipy" % k)
    if legacy is not None and legacy is not False:
        raise NotImplementedError("numpy.set_printoptions(legacy=...) is not supported by hipy")
    p, s, t, e, w = np._print_options()
    if precision is not None:
        try:
            p = _operator.index(precision)
        except TypeError:
            raise TypeError("precision must be an integer") from None
        if p < 0:
            raise NotImplementedError("numpy.set_printoptions(precision=%d) is not supported by hipy" % p)
    if threshold is not None:
        if not isinstance(threshold, (int, float)) and not hasattr(threshold, "__float__"):
            raise TypeError("threshold must be numeric")
        if threshold != threshold:
            raise ValueError("threshold must be non-NAN, try sys.maxsize for untruncated representation")
        t = _sys.maxsize if float(threshold) >= _sys.maxsize else max(int(threshold), 0)
    if edgeitems is not None:
        e = _operator.index(edgeitems)
    if linewidth is not None:
        w = _operator.index(linewidth)
    if suppress is not None:
        s = bool(suppress)
    np._print_options(p, s, t, e, w)


class printoptions:
    def __init__(self, *args, **kwargs):
        self._args = args
        self._kwargs = kwargs

    def __enter__(self):
        self._saved = np._print_options()
        set_printoptions(*self._args, **self._kwargs)
        return np.get_printoptions()

    def __exit__(self, *exc):
        np._print_options(*self._saved)
        return False


def show_config(mode="stdout"):
    print("hipy numpy (native kernels in Rust; linear algebra on faer)")


def show_runtime():
    print("hipy numpy runtime")


class broadcast:
    """The broadcast of the arguments against each other: its shape, and
    iteration over tuples of their elements in C order."""

    def __init__(self, *args):
        if len(args) > 64:
            raise ValueError("Need at most 64 array objects.")
        self._arrays = [a.ravel() for a in np.broadcast_arrays(*[np.asarray(a) for a in args])]
        self.shape = np.broadcast_shapes(*[np.shape(a) for a in args])
        self.nd = self.ndim = len(self.shape)
        self.size = 1
        for n in self.shape:
            self.size *= n
        self.numiter = len(args)
        self.index = 0

    @property
    def iters(self):
        return tuple(iter(a[self.index:]) for a in self._arrays)

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        i = self.index
        self.index += 1
        return tuple(a[i] for a in self._arrays)
