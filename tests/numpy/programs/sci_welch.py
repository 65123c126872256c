# Power spectrum of a noisy multi-tone signal by Welch's method: overlapping
# Hann-windowed segments, real FFTs, averaged periodogram, then the peaks
# and the band powers.
import sys

import numpy as np


def main(n):
    fs = 1000.0
    rng = np.random.default_rng(3)
    t = np.arange(n) / fs
    signal = (1.5 * np.sin(2 * np.pi * 50.0 * t) + 0.8 * np.sin(2 * np.pi * 120.0 * t + 0.3)
              + 0.3 * np.sin(2 * np.pi * 310.0 * t) + rng.standard_normal(n))
    seg, step = 512, 256
    starts = np.arange(0, n - seg + 1, step)
    window = np.hanning(seg)
    scale = 1.0 / (fs * (window * window).sum())
    frames = signal[starts[:, None] + np.arange(seg)]
    frames = (frames - frames.mean(axis=1, keepdims=True)) * window
    spec = np.abs(np.fft.rfft(frames, axis=1)) ** 2 * scale
    spec[:, 1:-1] *= 2.0
    psd = spec.mean(axis=0)
    freqs = np.fft.rfftfreq(seg, 1.0 / fs)
    print("segments %d of %d samples, resolution %.4f Hz" % (starts.shape[0], seg, freqs[1]))
    top = np.argsort(psd)[::-1][:3]
    for i in sorted(top.tolist()):
        print("peak %.3f Hz  psd %.4f" % (freqs[i], psd[i]))
    for lo, hi in [(0, 100), (100, 200), (200, 400), (400, 500)]:
        band = (freqs >= lo) & (freqs < hi)
        print("band %3d-%3d Hz power %.4f" % (lo, hi, psd[band].sum() * freqs[1]))
    print("noise floor (median psd) %.5f" % np.median(psd))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
