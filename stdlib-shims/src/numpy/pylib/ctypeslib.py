# numpy.ctypeslib and ndarray.ctypes: array data seen through ctypes.
#
# An address is handed out by pinning the array's memory (np._ctypes_pin):
# the data stays at that address for the array's life, writes to the array
# land there, and pending lazy expressions keep the values they captured.
# The ctypes objects that carry an address keep the array alive. as_array
# sees pinned memory as an array again; hipy's arrays own their memory, so
# memory from elsewhere (a ctypes buffer of its own) raises
# NotImplementedError.

import ctypes

__all__ = ["load_library", "ndpointer", "c_intp", "as_ctypes", "as_array", "as_ctypes_type"]

c_intp = ctypes.c_ssize_t


class _ctypes:
    """What `ndarray.ctypes` returns."""

    def __init__(self, array):
        self._arr = array
        self._data = ctypes.c_void_p(np._ctypes_pin(array))
        self._zerod = array.ndim == 0

    def data_as(self, obj):
        ptr = ctypes.cast(self._data, obj)
        ptr._arr = self._arr
        return ptr

    def shape_as(self, obj):
        if self._zerod:
            return None
        return (obj * self._arr.ndim)(*self._arr.shape)

    def strides_as(self, obj):
        if self._zerod:
            return None
        return (obj * self._arr.ndim)(*self._arr.strides)

    @property
    def data(self):
        return self._data.value

    @property
    def shape(self):
        return self.shape_as(c_intp)

    @property
    def strides(self):
        return self.strides_as(c_intp)

    @property
    def _as_parameter_(self):
        return self.data_as(ctypes.c_void_p)


_ctypes.__module__ = "numpy._core._internal"


# dtype <-> ctypes simple type (C long is 64 bits, as on Linux x86-64).
_SCALAR_CTYPES = [
    ("bool", ctypes.c_bool), ("int8", ctypes.c_byte), ("uint8", ctypes.c_ubyte),
    ("int16", ctypes.c_short), ("uint16", ctypes.c_ushort), ("int32", ctypes.c_int),
    ("uint32", ctypes.c_uint), ("int64", ctypes.c_long), ("uint64", ctypes.c_ulong),
    ("float32", ctypes.c_float), ("float64", ctypes.c_double),
]
_DTYPE_OF_CODE = {"?": "bool", "b": "int8", "B": "uint8", "h": "int16", "H": "uint16", "i": "int32",
                  "I": "uint32", "l": "int64", "L": "uint64", "q": "int64", "Q": "uint64",
                  "f": "float32", "d": "float64"}


def as_ctypes_type(dtype):
    dtype = np.dtype(dtype)
    for name, ctype in _SCALAR_CTYPES:
        if dtype == np.dtype(name):
            return ctype
    raise NotImplementedError("Converting %r to a ctypes type" % (dtype,))


def _ctype_ndarray(element_type, shape):
    for dim in reversed(shape):
        element_type = element_type * dim
        element_type.__module__ = None
    return element_type


def as_ctypes(obj):
    obj = np.asarray(obj)
    if obj.ndim and not obj.flags.c_contiguous:
        raise TypeError("strided arrays not supported")
    if not obj.flags.writeable:
        raise TypeError("readonly arrays unsupported")
    ctype = _ctype_ndarray(as_ctypes_type(obj.dtype), obj.shape)
    result = ctype.from_address(obj.ctypes.data)
    result.__keep = obj
    return result


def _element_dtype(ctype):
    code = getattr(ctype, "_type_", None)
    if isinstance(code, str) and code in _DTYPE_OF_CODE:
        return np.dtype(_DTYPE_OF_CODE[code])
    raise NotImplementedError("numpy.ctypeslib.as_array of %s items is not supported by hipy" % ctype.__name__)


def as_array(obj, shape=None):
    if isinstance(obj, ctypes._Pointer):
        if shape is None:
            raise TypeError("as_array() requires a shape argument when called on a pointer")
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        address = ctypes.cast(obj, ctypes.c_void_p).value or 0
        return np._ctypes_view(address, list(shape), _element_dtype(obj._type_))
    if isinstance(obj, (ctypes.Array, ctypes._SimpleCData)):
        full = []
        ctype = type(obj)
        while issubclass(ctype, ctypes.Array):
            full.append(ctype._length_)
            ctype = ctype._type_
        return np._ctypes_view(ctypes.addressof(obj), full, _element_dtype(ctype))
    return np.asarray(obj)


# ndpointer: argtypes entries that check the arrays passed to C functions.

_FLAG_NUMS = {"C_CONTIGUOUS": 1, "F_CONTIGUOUS": 2, "OWNDATA": 4, "ALIGNED": 256, "WRITEABLE": 1024,
              "WRITEBACKIFCOPY": 8192}
_FLAG_NAMES = {"C": "C_CONTIGUOUS", "CONTIGUOUS": "C_CONTIGUOUS", "F": "F_CONTIGUOUS",
               "FORTRAN": "F_CONTIGUOUS", "O": "OWNDATA", "A": "ALIGNED", "W": "WRITEABLE",
               "X": "WRITEBACKIFCOPY"}
_FLAG_ORDER = ["C_CONTIGUOUS", "F_CONTIGUOUS", "ALIGNED", "WRITEABLE", "OWNDATA", "WRITEBACKIFCOPY"]


def _flags_num(names):
    num = 0
    for name in names:
        key = name.strip().upper()
        key = _FLAG_NAMES.get(key, key)
        num |= _FLAG_NUMS[key]
    return num


def _array_flags_num(a):
    f = a.flags
    return sum(_FLAG_NUMS[k] for k in _FLAG_ORDER if f[k])


class _ndptr(ctypes.c_void_p):
    @classmethod
    def from_param(cls, obj):
        if not isinstance(obj, np.ndarray):
            raise TypeError("argument must be an ndarray")
        if cls._dtype_ is not None and obj.dtype != cls._dtype_:
            raise TypeError("array must have data type %s" % cls._dtype_)
        if cls._ndim_ is not None and obj.ndim != cls._ndim_:
            raise TypeError("array must have %d dimension(s)" % cls._ndim_)
        if cls._shape_ is not None and obj.shape != cls._shape_:
            raise TypeError("array must have shape %s" % str(cls._shape_))
        if cls._flags_ is not None and (_array_flags_num(obj) & cls._flags_) != cls._flags_:
            raise TypeError("array must have flags %s" % [k for k in _FLAG_ORDER if cls._flags_ & _FLAG_NUMS[k]])
        return obj.ctypes


_ndptr.__module__ = "numpy.ctypeslib._ctypeslib"
_pointer_types = {}


def ndpointer(dtype=None, ndim=None, shape=None, flags=None):
    if dtype is not None:
        dtype = np.dtype(dtype)
    num = None
    if flags is not None:
        if isinstance(flags, str):
            flags = flags.split(",")
        elif isinstance(flags, int):
            num, flags = flags, [k for k in _FLAG_ORDER if flags & _FLAG_NUMS[k]]
        if num is None:
            try:
                flags = [f.strip().upper() for f in flags]
            except Exception as e:
                raise TypeError("invalid flags specification") from e
            num = _flags_num(flags)
    if shape is not None:
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
    key = (dtype, ndim, shape, num)
    if key in _pointer_types:
        return _pointer_types[key]
    name = "any" if dtype is None else dtype.str
    if ndim is not None:
        name += "_%dd" % ndim
    if shape is not None:
        name += "_" + "x".join(str(x) for x in shape)
    if flags is not None:
        name += "_" + "_".join(flags)
    klass = type("ndpointer_%s" % name, (_ndptr,),
                 {"_dtype_": dtype, "_shape_": shape, "_ndim_": ndim, "_flags_": num})
    klass.__module__ = "numpy.ctypeslib._ctypeslib"
    _pointer_types[key] = klass
    return klass


def load_library(libname, loader_path):
    import os
    import sysconfig
    libname = os.fsdecode(libname)
    loader_path = os.fsdecode(loader_path)
    ext = os.path.splitext(libname)[1]
    if not ext:
        candidates = [libname + ".so"]
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        if suffix and suffix != ".so":
            candidates.insert(0, libname + suffix)
    else:
        candidates = [libname]
    loader_path = os.path.abspath(loader_path)
    if not os.path.isdir(loader_path):
        libdir = os.path.dirname(loader_path)
    else:
        libdir = loader_path
    for ln in candidates:
        libpath = os.path.join(libdir, ln)
        if os.path.exists(libpath):
            return ctypes.cdll[libpath]
    raise OSError("no file with expected extension")
