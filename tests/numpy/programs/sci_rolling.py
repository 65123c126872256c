# Rolling statistics of a daily price series: moving averages by cumsum,
# rolling volatility with sliding windows, an exponentially weighted mean,
# drawdowns and a crossover signal count.
import sys

import numpy as np


def rolling_mean(x, w):
    c = np.cumsum(np.concatenate([[0.0], x]))
    return (c[w:] - c[:-w]) / w


def main(n):
    np.random.seed(17)
    ret = np.random.normal(0.0, 0.012, n)
    ret[n // 3: n // 3 + 20] -= 0.02
    price = 100.0 * np.exp(np.cumsum(ret))
    fast = rolling_mean(price, 10)
    slow = rolling_mean(price, 50)
    fast = fast[40:]
    signal = np.sign(fast - slow)
    crosses = np.count_nonzero(np.diff(signal) != 0)
    win = np.lib.stride_tricks.sliding_window_view(ret, 21)
    vol = win.std(axis=1, ddof=1) * np.sqrt(252)
    alpha = 2.0 / (30 + 1)
    weights = (1 - alpha) ** np.arange(60)[::-1]
    ewma = np.convolve(price, weights[::-1] / weights.sum(), mode="valid")
    peak = np.maximum.accumulate(price)
    dd = price / peak - 1.0
    print("days %d, final price %.6g" % (n, price[-1]))
    print("return mean %.6f std %.6f" % (ret.mean(), ret.std(ddof=1)))
    print("crossovers %d, long %d days" % (crosses, np.count_nonzero(signal > 0)))
    print("volatility min %.4f median %.4f max %.4f" % (vol.min(), np.median(vol), vol.max()))
    print("ewma last %.6g" % ewma[-1])
    print("max drawdown %.4f at day %d" % (dd.min(), dd.argmin()))
    z = (ret - ret.mean()) / ret.std()
    print("days beyond 3 sigma", np.flatnonzero(np.abs(z) > 3)[:8].tolist())
    monthly = price[: (n // 21) * 21].reshape(-1, 21)
    print("monthly closes", np.round(monthly[:4, -1], 3))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
