# numpy.fft argument errors, with NumPy's exception types and messages.
import numpy as np


def attempt(f):
    try:
        r = f()
        print("ok", r.shape)
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: np.fft.fft([1, 2], n=0))
attempt(lambda: np.fft.fft([1, 2], n=-3))
attempt(lambda: np.fft.ifft([1, 2], norm="bad"))
attempt(lambda: np.fft.rfft([1, 2], norm="unitary"))
attempt(lambda: np.fft.fft([]))
attempt(lambda: np.fft.irfft([1]))
attempt(lambda: np.fft.irfft([1, 2], n=0))
attempt(lambda: np.fft.fft2(np.ones(3), s=(2,)))
attempt(lambda: np.fft.fftn(np.ones((2, 2)), s=(2, 2), axes=(0,)))
attempt(lambda: np.fft.fftfreq(0))
attempt(lambda: np.fft.fft(np.ones((2, 3)), n=4, axis=1))
