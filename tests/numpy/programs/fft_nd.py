# numpy.fft n-dimensional transforms: fft2 / ifft2 / fftn / ifftn /
# rfft2 / irfft2 / rfftn / irfftn with s= and axes=.
import numpy as np


def show(z):
    print(repr(np.round(z, 8) + 0))


a = (np.arange(12.0).reshape(3, 4) - 4) ** 2 / 3
show(np.fft.fft2(a))
show(np.fft.ifft2(a))
show(np.fft.ifft2(np.fft.fft2(a)))
show(np.fft.fft2(a, s=(2, 5)))
show(np.fft.fftn(a))
show(np.fft.fftn(a, axes=(0,)))
show(np.fft.fftn(a, s=(4,)))
show(np.fft.ifftn(a, s=(2, 2), axes=(1, 0)))
show(np.fft.fft2(a, norm="ortho"))
show(np.fft.ifft2(a, norm="forward"))
b = np.arange(24.0).reshape(2, 3, 4) % 5
show(np.fft.fftn(b))
show(np.fft.fftn(b, axes=(0, 2)))
show(np.fft.rfftn(b))
show(np.fft.irfftn(np.fft.rfftn(b), s=b.shape))
show(np.fft.rfft2(a))
show(np.fft.irfft2(np.fft.rfft2(a), s=a.shape))
show(np.fft.irfft2(np.fft.rfft2(a)))
show(np.fft.rfftn(a, s=(3, 5)))
show(np.fft.irfftn(np.fft.rfftn(a, axes=(0,)), axes=(0,)))
print(np.fft.rfftn(b).shape, np.fft.irfftn(np.ones((3, 4))).shape, np.fft.fft2(b).shape)
