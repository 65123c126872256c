# What the Python-level array kinds (str/bytes arrays in strings.py,
# datetime arrays in datetime_array.py, object arrays in objects.py) share:
# the dtype's constant attributes, the operators that go to the kind's
# module-level `_binary`, the methods of a kind that lists its elements,
# and the optional outputs of `unique`. The kinds
# reach it as `np._array_kinds`.
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["_array_kinds"]

import types as _types


class DTypeBase:
    """What every dtype of a Python-level kind has: a subclass sets `kind`,
    `char`, `str`, `name`, ... and its own `__eq__`/`__hash__`/`__repr__`."""

    __class__ = property(lambda self: np.dtype)
    ndim = 0
    shape = ()
    hasobject = False
    subdtype = None
    fields = None
    names = None
    isbuiltin = 0
    isnative = True
    descr = property(lambda self: [("", self.str)])

    def __ne__(self, other):
        return not self.__eq__(other)


class ArrayBase:
    """What every array kind has: `isinstance(a, np.ndarray)` holds (type(a)
    stays the kind's class, so numpy's native code never takes it for
    numbers), it wins over numeric arrays in operators, it is unhashable,
    and an ndarray attribute it lacks raises NotImplementedError naming
    it and the kind (`_kind`: "str", "object", ...)."""

    __array_priority__ = 100
    __hash__ = None
    __class__ = property(lambda self: np.ndarray)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if hasattr(np.ndarray, name):
            raise NotImplementedError("numpy.ndarray.%s of %s arrays is not supported by hipy" % (name, self._kind))
        raise AttributeError("'numpy.ndarray' object has no attribute '%s'" % name)


class BinaryOperators(ArrayBase):
    """The comparison and arithmetic operators of an array kind, each a call
    of the kind's `_binary(op, a, b)` (a class sets `_binary =
    staticmethod(its module's _binary)`)."""

    def __eq__(self, o): return self._binary("Eq", self, o)
    def __ne__(self, o): return self._binary("Ne", self, o)
    def __lt__(self, o): return self._binary("Lt", self, o)
    def __le__(self, o): return self._binary("Le", self, o)
    def __gt__(self, o): return self._binary("Gt", self, o)
    def __ge__(self, o): return self._binary("Ge", self, o)
    def __add__(self, o): return self._binary("Add", self, o)
    def __radd__(self, o): return self._binary("Add", o, self)
    def __sub__(self, o): return self._binary("Sub", self, o)
    def __rsub__(self, o): return self._binary("Sub", o, self)
    def __mul__(self, o): return self._binary("Mul", self, o)
    def __rmul__(self, o): return self._binary("Mul", o, self)
    def __truediv__(self, o): return self._binary("Div", self, o)
    def __rtruediv__(self, o): return self._binary("Div", o, self)
    def __floordiv__(self, o): return self._binary("FloorDiv", self, o)
    def __rfloordiv__(self, o): return self._binary("FloorDiv", o, self)
    def __mod__(self, o): return self._binary("Mod", self, o)
    def __pow__(self, o): return self._binary("Pow", self, o)
    def __pow__(self, o): return self._binary("Pow", self, o)


class Elements:
    """What a kind whose `_items()` lists its elements (C order) has:
    `tolist`, `item`, truth and iteration."""

    def tolist(self):
        items = self._items()
        if self.ndim == 0:
            return items[0]
        return nest(items, self.shape)

    def item(self, *args):
        items = self._items()
        if not args:
            if len(items) != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return items[0]
        if len(args) == 1 and not isinstance(args[0], tuple):
            return items[flat_index(args[0], len(items))]
        idx = args[0] if len(args) == 1 else args
        return self[tuple(idx)] if self.ndim else items[0]

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self._items()[0])

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self)))


def flat_index(i, n):
    """Index i of n elements (negative from the end), NumPy's IndexError
    when out of bounds."""
    i = int(i)
    if i < -n or i >= n:
        raise IndexError("index %d is out of bounds for size %d" % (i, n))
    return i + n if i < 0 else i


def nest(items, shape):
    """A flat list of elements (C order) as nested lists of `shape`."""
    if not shape:
        return items[0]
    if len(shape) == 1:
        return list(items)
    step = len(items) // shape[0] if shape[0] else 0
    return [nest(items[k * step:(k + 1) * step], shape[1:]) for k in range(shape[0])]


def shape_functions(as_array):
    """np.shape, np.ndim and np.size (`_np_shape`, `_np_ndim`, `_np_size`)
    of a kind whose data `as_array` turns into one of its arrays."""

    def shape(a):
        return as_array(a).shape

    def ndim(a):
        return as_array(a).ndim

    def size(a, axis=None):
        t = as_array(a)
        return t.size if axis is None else t.shape[axis]

    return shape, ndim, size


def unique_outputs(u, order, first, shape, return_index, return_inverse, return_counts):
    """np.unique's result: the distinct values `u` alone, or a tuple with
    the outputs asked for, from the sort `order` of the flattened input
    and the mask `first` of the sorted values that start a run of equals
    (the input had `shape`)."""
    if not (return_index or return_inverse or return_counts):
        return u
    n = len(first)
    out = [u]
    if return_index:
        out.append(order[first])
    if return_inverse:
        inverse = np.zeros(n, dtype=np.int64)
        inverse[order] = np.cumsum(first) - 1
        out.append(inverse.reshape(shape))
    if return_counts:
        out.append(np.diff(np.append(np.flatnonzero(first), n)))
    return tuple(out)


_array_kinds = _types.SimpleNamespace(DTypeBase=DTypeBase, ArrayBase=ArrayBase, BinaryOperators=BinaryOperators,
                                      Elements=Elements,
                                      flat_index=flat_index, nest=nest, shape_functions=shape_functions,
                                      unique_outputs=unique_outputs)
