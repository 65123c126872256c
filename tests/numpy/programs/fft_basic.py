# numpy.fft 1-D transforms: odd and even lengths, n= padding and truncation,
# axes, norm modes. Results are rounded (and +0 clears negative zeros) so
# the last bits of two FFT algorithms do not show.
import numpy as np


def show(z):
    print(repr(np.round(z, 8) + 0))


x = np.array([1.0, 2.0, 0.5, -1.0, 3.0, 4.0, -2.0, 0.25])
show(np.fft.fft(x))
show(np.fft.fft(x[:7]))
show(np.fft.fft([1, 2, 3, 4]))
print(repr(np.fft.fft([1, 2, 3, 4])))
show(np.fft.fft(x, n=5))
show(np.fft.fft(x, n=11))
show(np.fft.ifft(np.fft.fft(x)))
show(np.fft.ifft([1 + 1j, 2, 3 - 2j]))
for norm in (None, "backward", "ortho", "forward"):
    show(np.fft.fft(x[:5], norm=norm))
    show(np.fft.ifft(x[:6], norm=norm))
m = np.arange(12.0).reshape(3, 4) ** 1.5
show(np.fft.fft(m))
show(np.fft.fft(m, axis=0))
show(np.fft.ifft(m, n=3, axis=0))
print(np.fft.fft(m).shape, np.fft.fft(m, n=6, axis=0).shape, np.fft.fft(x).dtype)
print(np.fft.fft(np.ones(4, dtype=np.float32)).dtype, np.fft.fft(np.array([1j, 2], dtype=np.complex64)).dtype)
print(repr(np.fft.fft([5.0])), repr(np.fft.fft([1, 0, 0, 0])))
z = np.exp(2j * np.pi * 3 * np.arange(16) / 16)
show(np.fft.fft(z))
print(np.allclose(np.fft.ifft(np.fft.fft(z)), z))
# The peak of a real signal's spectrum (rfft: the lower half only, as a
# full spectrum's |X[k]| and |X[n-k]| tie up to rounding).
t = np.linspace(0, 1, 1000)[:512]
spec = np.abs(np.fft.rfft(np.sin(2 * np.pi * 50 * t)))
print(int(np.argmax(spec)), repr(np.round(spec[:6], 6)), spec.shape)
