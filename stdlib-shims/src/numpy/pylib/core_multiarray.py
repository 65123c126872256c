# numpy._core.multiarray: only `_reconstruct`, the name NumPy's pickles of
# arrays call to make the array that `ndarray.__setstate__` then fills.


def _reconstruct(subtype, shape, dtype):
    if subtype is not np.ndarray:
        raise NotImplementedError("unpickling a subclass of numpy.ndarray")
    return np.ndarray(shape, dtype=np.int8)
