# numpy.lib.stride_tricks: sliding_window_view, a read-only view whose
# windows overlap in memory (np._window_view adds one window axis).

__all__ = ["sliding_window_view"]


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    if subok:
        raise NotImplementedError("numpy.lib.stride_tricks.sliding_window_view(subok=True) is not supported by hipy")
    if writeable:
        raise NotImplementedError("numpy.lib.stride_tricks.sliding_window_view(writeable=True) is not supported by hipy")
    x = np.asarray(x)
    window_shape = tuple(window_shape) if hasattr(window_shape, "__len__") else (int(window_shape),)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        if len(window_shape) != x.ndim:
            raise ValueError("Since axis is `None`, must provide window_shape for all dimensions of `x`; "
                             "got %d window_shape elements and `x.ndim` is %d." % (len(window_shape), x.ndim))
        axis = tuple(range(x.ndim))
    else:
        axis = tuple(axis) if hasattr(axis, "__len__") else (int(axis),)
        if len(window_shape) != len(axis):
            raise ValueError("Must provide matching length window_shape and axis; got %d window_shape elements "
                             "and %d axes elements." % (len(window_shape), len(axis)))
    axis = tuple(a + x.ndim if a < 0 else a for a in axis)
    out = x
    for ax, w in zip(axis, window_shape):
        n = out.shape[ax]
        if n < w:
            raise ValueError("window shape cannot be larger than input array shape")
        if w == 0:
            raise NotImplementedError("numpy.lib.stride_tricks.sliding_window_view with an empty window is not supported by hipy")
        out = np._window_view(out, ax, w)
    out.flags.writeable = False
    return out
