# numpy.fft: discrete Fourier transforms, on rustfft (_complex_native.fft,
# which transforms each run along the last axis of two float64 parts).
#
# Every transform here is the complex transform along one axis: the axis is
# moved last, cut or zero-padded to n points, transformed, scaled by the
# norm= mode, and moved back. The real variants take or return the
# Hermitian half of the spectrum; the n-dimensional ones apply the 1-D
# transform over each axis in turn. Results are complex128 (complex64 for
# float32 / complex64 input, as in NumPy 2).

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "fftn", "ifftn",
           "rfft2", "irfft2", "rfftn", "irfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]

import math as _math

_native = np._complex_native


def _cx():
    import sys
    np.complex128  # loads complex.py
    return sys.modules["numpy._hipy_complex"]


def _split(a):
    """(re, im, single) of an array-like: float64 parts, and whether the
    input was single precision (float32 / float16 / complex64). `im` is
    None for real input."""
    cx = _cx()
    a = np.asarray(a)
    if isinstance(a, cx.ndarray):
        return a._re.astype(np.float64), a._im.astype(np.float64), a.dtype is cx._C64
    single = a.dtype == np.float32 or a.dtype == np.float16
    return a.astype(np.float64), None, single


def _parts(a):
    """(re, im, single, real) with `im` zeros for real input."""
    re, im, single = _split(a)
    if im is None:
        return re, np.zeros(re.shape), single, True
    return re, im, single, False


def _join(re, im, single):
    cx = _cx()
    if single:
        return cx.ndarray(re.astype(np.float32), im.astype(np.float32), cx._C64)
    return cx.ndarray(re, im, cx._C128)


def _scale(norm, n, inverse):
    if norm is None or norm == "backward":
        return 1.0 / n if inverse else None
    if norm == "ortho":
        return 1.0 / _math.sqrt(n)
    if norm == "forward":
        return None if inverse else 1.0 / n
    # (NumPy's inverse transforms put a space after the first comma.)
    sep = ", " if inverse else ","
    raise ValueError('Invalid norm value %s; should be "backward"%s"ortho" or "forward".' % (norm, sep))


def _check_n(n):
    if n < 1:
        raise ValueError("Invalid number of FFT data points (%d) specified." % n)


def _fit(p, n):
    """The last axis of p cut or zero-padded to n points."""
    m = p.shape[-1]
    if n < m:
        return p[..., :n]
    if n > m:
        return np.concatenate([p, np.zeros(p.shape[:-1] + (n - m,))], axis=-1)
    return p


def _raw(re, im, n, axis, norm, inverse, real=False):
    """The complex transform of parts (re, im) along axis, n points. For
    real input (`real`), the upper half is set to the conjugates of the
    lower half, so |X[k]| and |X[n-k]| are equal to the bit, as they are
    in exact arithmetic."""
    if n is None:
        n = re.shape[axis]
    _check_n(n)
    re, im = np.moveaxis(re, axis, -1), np.moveaxis(im, axis, -1)
    re, im = _fit(re, n), _fit(im, n)
    re, im = _native.fft(re, im, inverse)
    half = n // 2 + 1
    if real and n - half > 0:
        upper = slice(1, 1 + n - half)
        re = np.concatenate([re[..., :half], re[..., upper][..., ::-1]], axis=-1)
        # (0 - x, not -x: a zero imaginary part stays +0, as NumPy prints it.)
        im = np.concatenate([im[..., :half], 0.0 - im[..., upper][..., ::-1]], axis=-1)
    f = _scale(norm, n, inverse)
    if f is not None:
        re, im = re * f, im * f
    return np.moveaxis(re, -1, axis), np.moveaxis(im, -1, axis)


def fft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    re, im, single, real = _parts(a)
    return _join(*_raw(re, im, n, axis, norm, False, real), single)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    re, im, single, real = _parts(a)
    return _join(*_raw(re, im, n, axis, norm, True, real), single)


def _real_input(a, name):
    a = np.asarray(a)
    if isinstance(a, _cx().ndarray):
        raise TypeError("ufunc '%s' did not contain a loop with signature matching types "
                        "<class 'numpy.dtypes.Complex128DType'> -> None" % name)
    return _parts(a)[:3]


def rfft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    re, im, single = _real_input(a, "rfft_n_even")
    if n is None:
        n = re.shape[axis]
    re, im = _raw(re, im, n, axis, norm, False)
    keep = n // 2 + 1
    re, im = np.moveaxis(re, axis, -1)[..., :keep], np.moveaxis(im, axis, -1)[..., :keep]
    return _join(np.moveaxis(re, -1, axis), np.moveaxis(im, -1, axis), single)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    re, im, single = _parts(a)[:3]
    re, im = np.moveaxis(re, axis, -1), np.moveaxis(im, axis, -1)
    if n is None:
        n = 2 * (re.shape[-1] - 1)
    _check_n(n)
    half = n // 2 + 1
    re, im = _fit(re, half), _fit(im, half)
    # The full Hermitian spectrum: X[n-k] = conj(X[k]); the imaginary parts
    # of X[0] (and of X[n/2] for even n) do not enter a real signal.
    zero = np.zeros(re.shape[:-1] + (1,))
    im = np.concatenate([zero, im[..., 1:]], axis=-1)
    if n % 2 == 0:
        im = np.concatenate([im[..., :-1], zero], axis=-1)
    tail = n - half
    full_re = np.concatenate([re, re[..., 1:1 + tail][..., ::-1]], axis=-1)
    full_im = np.concatenate([im, -im[..., 1:1 + tail][..., ::-1]], axis=-1)
    out_re, _ = _native.fft(full_re, full_im, True)
    f = _scale(norm, n, True)
    if f is not None:
        out_re = out_re * f
    out_re = np.moveaxis(out_re, -1, axis)
    return out_re.astype(np.float32) if single else out_re


_SWAP = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}


def _swap(norm):
    if norm not in _SWAP:
        _scale(norm, 1, True)
    return _SWAP[norm]


def hfft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    return irfft(_cx().conj(np.asarray(a)), n, axis, _swap(norm))


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    _no_out(out)
    return rfft(a, n, axis, _swap(norm)).conj()


def _no_out(out):
    if out is not None:
        raise NotImplementedError("numpy.fft(out=...) is not supported by hipy")


def _nd_args(shape, s, axes):
    if s is None:
        if axes is None:
            axes = list(range(-len(shape), 0))
        s = [shape[ax] for ax in axes]
    else:
        s = list(s)
        if axes is None:
            axes = list(range(-len(s), 0))
    axes = list(axes)
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    return s, axes


def _nd(a, s, axes, norm, inverse):
    re, im, single = _parts(a)[:3]
    s, axes = _nd_args(re.shape, s, axes)
    for k in reversed(range(len(axes))):
        re, im = _raw(re, im, s[k], axes[k], norm, inverse)
    return _join(re, im, single)


def fftn(a, s=None, axes=None, norm=None, out=None):
    _no_out(out)
    return _nd(a, s, axes, norm, False)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    _no_out(out)
    return _nd(a, s, axes, norm, True)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    _no_out(out)
    return _nd(a, s, axes, norm, False)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    _no_out(out)
    return _nd(a, s, axes, norm, True)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    _no_out(out)
    a = np.asarray(a)
    s, axes = _nd_args(a.shape, s, axes)
    r = rfft(a, s[-1], axes[-1], norm)
    for k in range(len(axes) - 2, -1, -1):
        r = fft(r, s[k], axes[k], norm)
    return r


def irfftn(a, s=None, axes=None, norm=None, out=None):
    _no_out(out)
    a = np.asarray(a)
    shape = a.shape
    given = s is not None
    s, axes = _nd_args(shape, s, axes)
    if not given:
        s[-1] = (shape[axes[-1]] - 1) * 2
    r = a
    for k in range(len(axes) - 1):
        r = ifft(r, s[k], axes[k], norm)
    return irfft(r, s[-1], axes[-1], norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return irfftn(a, s, axes, norm, out)


def fftfreq(n, d=1.0, device=None):
    val = 1.0 / (n * d)
    half = (n - 1) // 2 + 1
    k = np.concatenate([np.arange(0, half, dtype=int), np.arange(-(n // 2), 0, dtype=int)])
    return k * val


def rfftfreq(n, d=1.0, device=None):
    val = 1.0 / (n * d)
    return np.arange(0, n // 2 + 1, dtype=int) * val


def _shift(x, axes, sign):
    cx = _cx()
    is_complex = isinstance(x, cx.ndarray)
    shape = x.shape if is_complex else np.shape(x)
    if axes is None:
        axes = tuple(range(len(shape)))
        shift = [sign * (dim // 2) for dim in shape]
    elif isinstance(axes, int):
        shift = sign * (shape[axes] // 2)
    else:
        shift = [sign * (shape[ax] // 2) for ax in axes]
    if is_complex:
        return cx.ndarray(np.roll(x._re, shift, axes), np.roll(x._im, shift, axes), x.dtype)
    return np.roll(np.asarray(x), shift, axes)


def fftshift(x, axes=None):
    return _shift(x, axes, 1)


def ifftshift(x, axes=None):
    return _shift(x, axes, -1)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError("module 'numpy.fft' has no attribute '%s'" % name)
    raise NotImplementedError("numpy.fft.%s is not supported by hipy" % name)
