# What the Python-level array kinds (str/bytes arrays in strings.py,
# datetime arrays in datetime_array.py, object arrays in objects.py) share:
# the dtype's constant attributes, the operators that go to the kind's
# module-level `_binary`, and the optional outputs of `unique`. The kinds
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


class BinaryOperators:
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


_array_kinds = _types.SimpleNamespace(DTypeBase=DTypeBase, BinaryOperators=BinaryOperators,
                                      unique_outputs=unique_outputs)
