# File input and output: NumPy's .npy format (save, load), and text files
# (savetxt, loadtxt, genfromtxt). Arrays become bytes through the buffer
# protocol (tobytes) and come back through frombuffer.

__all__ = ["save", "load", "savetxt", "loadtxt", "genfromtxt", "frombuffer", "fromstring", "fromfile",
           "savez", "savez_compressed"]

import ast as _ast
import struct as _struct

_FORMATS = {"b1": "?", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "i8": "q",
            "u8": "Q", "f2": "e", "f4": "f", "f8": "d"}
_MAGIC = b"\x93NUMPY"


def _tobytes(a, order="C"):
    a = np.asarray(a)
    if getattr(a, "_hipy_str", False) or getattr(a, "_hipy_dt", False) or getattr(a, "_hipy_obj", False):
        return a.tobytes()
    return bytes(memoryview(a))


def _tofile(a, fid, sep="", format="%s"):
    a = np.asarray(a)
    own = isinstance(fid, str)
    f = open(fid, "w" if sep else "wb") if own else fid
    try:
        if sep:
            f.write(sep.join(format % v for v in a.ravel().tolist()))
        else:
            f.write(_tobytes(a))
    finally:
        if own:
            f.close()


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    d = np.dtype(dtype)
    data = bytes(buffer)[offset:]
    if d.kind in "US":
        return np._strings_native.module()._from_bytes(data, d, count)
    if d.kind in "Mm":
        # NumPy's layout of datetimes: int64 counts of the unit.
        return frombuffer(data, np.int64, count).astype(d)
    if len(data) % d.itemsize:
        raise ValueError("buffer size must be a multiple of element size")
    n = len(data) // d.itemsize if count < 0 else count
    code = d.str[1:]
    fmt = "<%d%s" % (n, _FORMATS[code])
    values = list(_struct.unpack_from(fmt, data, 0))
    return np.array(values, dtype=d) if values else np.zeros(0, dtype=d)


def fromstring(string, dtype=float, count=-1, *, sep=""):
    if sep == "":
        raise ValueError("The binary mode of fromstring is removed, use frombuffer instead")
    parts = [p for p in string.replace("\n", sep).split(sep) if p.strip()]
    if count >= 0:
        parts = parts[:count]
    return np.array([float(p) for p in parts]).astype(dtype)


def fromfile(file, dtype=float, count=-1, sep="", offset=0):
    if sep:
        with open(file) as f:
            return fromstring(f.read(), dtype, count, sep=sep)
    with open(file, "rb") as f:
        return frombuffer(f.read(), dtype, count, offset)


def _header(a):
    d = {"descr": a.dtype.str, "fortran_order": False, "shape": tuple(a.shape)}
    text = "{'descr': %r, 'fortran_order': False, 'shape': %r, }" % (d["descr"], d["shape"])
    total = len(_MAGIC) + 2 + 2 + len(text) + 1
    pad = (64 - total % 64) % 64
    return (text + " " * pad + "\n").encode("latin1")


def save(file, arr, allow_pickle=True, fix_imports=True):
    a = np.asarray(arr)
    h, data = _header(a), _tobytes(a)
    own = isinstance(file, str)
    if own and not file.endswith(".npy"):
        file = file + ".npy"
    f = open(file, "wb") if own else file
    try:
        f.write(_MAGIC + bytes([1, 0]) + _struct.pack("<H", len(h)) + h)
        f.write(data)
    finally:
        if own:
            f.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *, max_header_size=10000):
    own = isinstance(file, str)
    f = open(file, "rb") if own else file
    try:
        magic = f.read(6)
        if magic != _MAGIC:
            if magic[:2] == b"PK":
                f.seek(-len(magic), 1)
                return _NpzFile(f if not own else file)
            raise ValueError("Cannot load file containing pickled data when allow_pickle=False")
        major, minor = f.read(2)
        n = _struct.unpack("<H" if major == 1 else "<I", f.read(2 if major == 1 else 4))[0]
        header = _ast.literal_eval(f.read(n).decode("latin1"))
        dtype = np.dtype(header["descr"])
        shape = tuple(header["shape"])
        count = 1
        for s in shape:
            count *= s
        data = f.read(count * dtype.itemsize)
    finally:
        if own:
            f.close()
    flat = frombuffer(data, dtype, count)
    if header["fortran_order"]:
        return flat.reshape(shape[::-1]).T
    return flat.reshape(shape)


def _npy_bytes(a):
    a = np.asarray(a)
    h = _header(a)
    return _MAGIC + bytes([1, 0]) + _struct.pack("<H", len(h)) + h + _tobytes(a)


def _savez(file, args, kwds, compress):
    import zipfile
    if isinstance(file, str) and not file.endswith(".npz"):
        file = file + ".npz"
    named = dict(kwds)
    for i, a in enumerate(args):
        key = "arr_%d" % i
        if key in named:
            raise ValueError("Cannot use un-named variables and keyword %s" % key)
        named[key] = a
    mode = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(file, mode="w", compression=mode, allowZip64=True) as z:
        for key, a in named.items():
            z.writestr(key + ".npy", _npy_bytes(a))


def savez(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, False)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, True)


class _NpzFile:
    """The arrays of an .npz archive (read when opened), by name."""

    def __init__(self, file):
        import io as _io
        import zipfile
        with zipfile.ZipFile(file) as z:
            names = z.namelist()
            self._data = {}
            self.files = []
            for name in names:
                key = name[:-4] if name.endswith(".npy") else name
                self.files.append(key)
                self._data[key] = load(_io.BytesIO(z.read(name)))
        self._name = file if isinstance(file, str) else getattr(file, "name", "object")

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        if key.endswith(".npy") and key[:-4] in self._data:
            return self._data[key[:-4]]
        raise KeyError("%s is not a file in the archive" % key)

    def __contains__(self, key):
        return key in self._data or (key.endswith(".npy") and key[:-4] in self._data)

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def keys(self):
        return list(self.files)

    def values(self):
        return [self._data[k] for k in self.files]

    def items(self):
        return [(k, self._data[k]) for k in self.files]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __repr__(self):
        shown = self.files[:5]
        more = "..." if len(self.files) > 5 else ""
        return "NpzFile %r with keys: %s%s" % (self._name, ", ".join(shown), more)


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="", comments="# ", encoding=None):
    X = np.asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError("Expected 1D or 2D array, got %dD array instead" % X.ndim)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if isinstance(fmt, (list, tuple)):
        row_fmt = delimiter.join(fmt)
    elif fmt.count("%") == 1:
        row_fmt = delimiter.join([fmt] * ncol)
    else:
        row_fmt = fmt
    own = isinstance(fname, str)
    f = open(fname, "w") if own else fname
    try:
        if header:
            f.write(comments + header.replace("\n", "\n" + comments) + newline)
        for row in X:
            f.write(row_fmt % tuple(row) + newline)
        if footer:
            f.write(comments + footer.replace("\n", "\n" + comments) + newline)
    finally:
        if own:
            f.close()


def _lines(fname):
    if isinstance(fname, str):
        with open(fname) as f:
            return f.read().splitlines()
    if isinstance(fname, (list, tuple)):
        return list(fname)
    return [l.decode() if isinstance(l, bytes) else l for l in fname.read().splitlines()]


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    rows = []
    kind = np.dtype(dtype).kind
    for line in _lines(fname)[skiprows:]:
        if comments:
            for c in ([comments] if isinstance(comments, str) else comments):
                line = line.split(c, 1)[0]
        if not line.strip():
            continue
        parts = line.split(delimiter) if delimiter else line.split()
        if usecols is not None:
            cols = [usecols] if isinstance(usecols, int) else usecols
            parts = [parts[c] for c in cols]
        if kind in "US":
            rows.append(parts)
        else:
            rows.append([float(p) if kind == "f" else int(p) for p in parts])
        if max_rows is not None and len(rows) >= max_rows:
            break
    arr = np.array(rows, dtype=dtype) if rows else np.zeros((0,), dtype=dtype)
    if arr.ndim == 2:
        if arr.shape[1] == 1:
            arr = arr.reshape(-1)
        elif arr.shape[0] == 1:
            arr = arr.reshape(-1)
    while arr.ndim < ndmin:
        arr = arr.reshape((1,) + arr.shape) if arr.ndim == 1 and ndmin == 2 and len(rows) == 1 else arr.reshape(arr.shape + (1,))
    if unpack:
        return arr.T
    return arr


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0,
               missing_values=None, filling_values=None, usecols=None, names=None, unpack=None, **kwargs):
    if names:
        raise NotImplementedError("numpy.genfromtxt(names=...) is not supported by hipy")
    lines = _lines(fname)[skip_header:]
    if skip_footer:
        lines = lines[:-skip_footer]
    fill = np.nan if filling_values is None else filling_values
    text = np.dtype(dtype).kind in "US"
    rows = []
    for line in lines:
        if comments:
            line = line.split(comments, 1)[0]
        if not line.strip():
            continue
        parts = line.split(delimiter) if delimiter else line.split()
        if usecols is not None:
            parts = [parts[c] for c in ([usecols] if isinstance(usecols, int) else usecols)]
        if text:
            rows.append([p.strip() for p in parts])
            continue
        vals = []
        for p in parts:
            p = p.strip()
            try:
                vals.append(float(p) if p and (missing_values is None or p not in missing_values) else fill)
            except ValueError:
                vals.append(fill)
        rows.append(vals)
    arr = np.array(rows, dtype=dtype)
    if arr.ndim == 2 and (arr.shape[0] == 1 or arr.shape[1] == 1):
        arr = arr.reshape(-1)
    return arr.T if unpack else arr


# Pickling. An array reduces to NumPy's tuple: `_reconstruct(ndarray, (0,),
# b"b")` then `__setstate__((1, shape, dtype, is_fortran, raw bytes))`, so
# NumPy and hipy read each other's pickles of the dtypes hipy has.

def _ndarray_reduce(a):
    from numpy._core.multiarray import _reconstruct
    # A Fortran-ordered array is saved in Fortran order, as NumPy does.
    fortran = a.ndim > 1 and a.flags.f_contiguous and not a.flags.c_contiguous
    raw = _tobytes(a.T) if fortran else _tobytes(a)
    return (_reconstruct, (np.ndarray, (0,), b"b"), (1, a.shape, a.dtype, fortran, raw))


def _ndarray_from_state(state):
    if len(state) == 5:
        _, shape, dtype, fortran, raw = state
    else:
        shape, dtype, fortran, raw = state
    if isinstance(raw, str):
        raw = raw.encode("latin1")
    if fortran:
        return frombuffer(raw, dtype).reshape(tuple(shape)[::-1]).T
    return frombuffer(raw, dtype).reshape(shape)


def _dumps(a):
    import pickle
    return pickle.dumps(a, protocol=2)


def _dump(a, file):
    import os
    import pickle
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as f:
            pickle.dump(a, f, protocol=2)
    else:
        pickle.dump(a, file, protocol=2)
