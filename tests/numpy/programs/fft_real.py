# numpy.fft real-input transforms: rfft / irfft / hfft / ihfft, the
# frequency helpers and the shifts.
import numpy as np


def show(z):
    print(repr(np.round(z, 8) + 0))


x = np.array([1.0, 2.0, 0.5, -1.0, 3.0, 4.0, -2.0, 0.25, 1.5])
show(np.fft.rfft(x))
show(np.fft.rfft(x[:8]))
show(np.fft.rfft(x, n=4))
show(np.fft.rfft(x, n=12))
show(np.fft.irfft(np.fft.rfft(x[:8])))
show(np.fft.irfft(np.fft.rfft(x), n=9))
show(np.fft.irfft([1, 2 + 1j, 3 - 1j, 4j]))
show(np.fft.irfft([1, 2 + 1j, 3 - 1j, 4j], n=7))
show(np.fft.irfft([1, 2 + 1j, 3 - 1j], n=3))
for norm in ("backward", "ortho", "forward"):
    show(np.fft.rfft(x[:6], norm=norm))
    show(np.fft.irfft(np.array([4, 1 - 1j, 2]), norm=norm))
    show(np.fft.hfft(np.array([4, 1 - 1j, 2]), norm=norm))
    show(np.fft.ihfft(x[:5], norm=norm))
show(np.fft.hfft([1, 2, 3]))
show(np.fft.hfft([1, 2j, 3], n=5))
show(np.fft.ihfft([1.0, 2.0, 3.0, 4.0]))
m = np.arange(12.0).reshape(4, 3) ** 2
show(np.fft.rfft(m, axis=0))
show(np.fft.irfft(np.fft.rfft(m, axis=0), n=4, axis=0))
print(np.fft.irfft(np.ones(5)).shape, np.fft.rfft(np.ones((2, 7))).shape, np.fft.irfft(np.ones(3)).dtype)
print(repr(np.fft.fftfreq(8)), repr(np.fft.fftfreq(7, d=0.5)), repr(np.fft.rfftfreq(8)), repr(np.fft.rfftfreq(9, 0.1)), sep="\n")
print(repr(np.fft.fftshift(np.arange(7))), repr(np.fft.ifftshift(np.arange(7))), repr(np.fft.fftshift(np.fft.fftfreq(6))), sep="\n")
g = np.arange(12).reshape(3, 4)
print(repr(np.fft.fftshift(g)), repr(np.fft.ifftshift(g, axes=0)), repr(np.fft.fftshift(g, axes=(1,))), sep="\n")
show(np.fft.fftshift(np.fft.fft([1.0, 2.0, 3.0, 4.0, 5.0])))
