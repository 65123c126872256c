# The legacy `np.random` functions and `RandomState`, on the native MT19937
# stream (`np.random._mt19937`), which reproduces NumPy's legacy values for
# a given seed: seed, rand, randn, random, random_sample, randint, normal,
# uniform, standard_normal, choice, shuffle, permutation, get_state-free.

__all__ = []
__random__ = ["seed", "rand", "randn", "random", "random_sample", "ranf", "sample", "standard_normal",
              "normal", "uniform", "randint", "random_integers", "shuffle", "permutation", "choice",
              "standard_exponential", "exponential", "lognormal", "standard_cauchy", "rayleigh", "laplace",
              "logistic", "gumbel", "weibull", "pareto", "power", "RandomState"]

import math as _math

_random = np.random


def _shape(size):
    if size is None:
        return None
    return tuple(size) if isinstance(size, (tuple, list)) else (int(size),)


def _count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class RandomState:
    """NumPy's legacy random number generator (MT19937)."""

    def __init__(self, seed=None):
        self._mt = _random._mt19937(seed)

    def seed(self, seed=None):
        self._mt.seed(seed)

    def random_sample(self, size=None):
        shape = _shape(size)
        if shape is None:
            return float(self._mt.doubles(1)[0])
        return self._mt.doubles(_count(shape)).reshape(shape)

    random = random_sample
    ranf = random_sample
    sample = random_sample

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def standard_normal(self, size=None):
        shape = _shape(size)
        if shape is None:
            return float(self._mt.gauss(1)[0])
        return self._mt.gauss(_count(shape)).reshape(shape)

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def normal(self, loc=0.0, scale=1.0, size=None):
        if np.ndim(loc) or np.ndim(scale):
            shape = _shape(size) or np.broadcast_shapes(np.shape(loc), np.shape(scale))
            return np.asarray(loc) + np.asarray(scale) * self.standard_normal(shape)
        if scale < 0:
            raise ValueError("scale < 0")
        shape = _shape(size)
        if shape is None:
            return loc + scale * float(self._mt.gauss(1)[0])
        return loc + scale * self._mt.gauss(_count(shape)).reshape(shape)

    def uniform(self, low=0.0, high=1.0, size=None):
        shape = _shape(size)
        rng = high - low
        if shape is None:
            return low + rng * float(self._mt.doubles(1)[0])
        return low + rng * self._mt.doubles(_count(shape)).reshape(shape)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        low, high = int(low), int(high)
        if low >= high:
            raise ValueError("low >= high" if low != 0 else "high <= 0")
        d = np.dtype(dtype)
        info = np.iinfo(d)
        if low < info.min:
            raise ValueError("low is out of bounds for %s" % d)
        if high - 1 > info.max:
            raise ValueError("high is out of bounds for %s" % d)
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        if d.itemsize <= 2:
            out = self._mt.bounded_narrow(low, high - 1 - low, n, d.itemsize * 8)
        else:
            out = self._mt.bounded(low, high - 1 - low, n)
        if d != np.int64:
            out = out.astype(d)
        if shape is None:
            return out[0]
        return out.reshape(shape)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self.randint(low, high + 1, size)

    def shuffle(self, x):
        n = len(x)
        if isinstance(x, np.ndarray):
            for i in range(n - 1, 0, -1):
                j = self._mt.interval(i)
                if x.ndim == 1:
                    x[i], x[j] = x[j], x[i]
                else:
                    row = x[i].copy()
                    x[i] = x[j]
                    x[j] = row
        else:
            for i in range(n - 1, 0, -1):
                j = self._mt.interval(i)
                x[i], x[j] = x[j], x[i]

    def permutation(self, x):
        if isinstance(x, (int, np.integer)):
            arr = np.arange(int(x))
        else:
            arr = np.array(x)
        self.shuffle(arr)
        return arr

    def choice(self, a, size=None, replace=True, p=None):
        pool = np.arange(int(a)) if isinstance(a, (int, np.integer)) else np.asarray(a)
        n = pool.shape[0]
        if n == 0:
            raise ValueError("'a' cannot be empty unless no samples are taken")
        shape = _shape(size)
        count = 1 if shape is None else _count(shape)
        if p is not None:
            cdf = np.cumsum(np.asarray(p, dtype=np.float64))
            cdf = cdf / cdf[-1]
            if not replace:
                raise NotImplementedError("numpy.random.choice(replace=False, p=...) is not supported by hipy")
            u = self.random_sample(count)
            idx = np.searchsorted(cdf, u, side="right")
        elif replace:
            idx = self.randint(0, n, size=count)
        else:
            if count > n:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            idx = self.permutation(n)[:count]
        out = pool[idx]
        if shape is None:
            return out[0]
        return out.reshape(shape)

    # Distributions from uniform doubles and normals, drawn one value at a
    # time in NumPy's order (so rejections consume the stream as NumPy's do).

    def _each(self, size, one):
        shape = _shape(size)
        if shape is None:
            return one()
        vals = [one() for _ in range(_count(shape))]
        return np.array(vals, dtype=np.float64).reshape(shape)

    def _double(self):
        return float(self._mt.doubles(1)[0])

    def _gauss(self):
        return float(self._mt.gauss(1)[0])

    def standard_exponential(self, size=None):
        return self._each(size, lambda: -_math.log(1.0 - self._double()))

    def exponential(self, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        return self._each(size, lambda: scale * -_math.log(1.0 - self._double()))

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        if sigma < 0:
            raise ValueError("sigma < 0")
        return self._each(size, lambda: _math.exp(mean + sigma * self._gauss()))

    def standard_cauchy(self, size=None):
        return self._each(size, lambda: self._gauss() / self._gauss())

    def rayleigh(self, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        return self._each(size, lambda: scale * _math.sqrt(-2.0 * _math.log(1.0 - self._double())))

    def laplace(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = self._double()
                if u >= 0.5:
                    return loc - scale * _math.log(2.0 - u - u)
                if u > 0.0:
                    return loc + scale * _math.log(u + u)
        return self._each(size, one)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = self._double()
                if u > 0.0:
                    return loc + scale * _math.log(u / (1.0 - u))
        return self._each(size, one)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = 1.0 - self._double()
                if u < 1.0:
                    return loc - scale * _math.log(-_math.log(u))
        return self._each(size, one)

    def weibull(self, a, size=None):
        if a < 0:
            raise ValueError("a < 0")
        return self._each(size, lambda: 0.0 if a == 0 else (-_math.log(1.0 - self._double())) ** (1.0 / a))

    def pareto(self, a, size=None):
        if a <= 0:
            raise ValueError("a <= 0")
        return self._each(size, lambda: _math.expm1(-_math.log(1.0 - self._double()) / a))

    def power(self, a, size=None):
        if a <= 0:
            raise ValueError("a <= 0")
        return self._each(size, lambda: (-_math.expm1(_math.log(1.0 - self._double()))) ** (1.0 / a))


_global = RandomState()

for _name in __random__[:-1]:
    setattr(_random, _name, getattr(_global, _name))
_random.RandomState = RandomState
