# multivariate_normal, legacy (SVD) and Generator (svd/eigh/cholesky):
# NumPy's factorisations of the covariance on the normal stream.
#
# Values are compared exactly where the factor is unique: method="cholesky",
# and svd/eigh of diagonal covariances. For a covariance with off-diagonal
# terms, the SVD's / eigh's singular vectors are unique only up to sign, and
# hipy's numpy.linalg does not pick LAPACK's signs, so hipy's samples differ
# from NumPy's there (same distribution, same stream consumption). Those
# cases ("sign-dependent") print only what does not depend on the signs:
# shape, the sample covariance of many draws, and the stream afterwards.
import warnings
import numpy as np


def show(label, f):
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            v = f()
        for x in w:
            print(label, "warns", x.category.__name__, x.message)
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
        return
    print(label, "->", repr(v))


mean = [1.0, -2.0]
cov = [[2.0, 0.3], [0.3, 0.5]]


def sign_free(label, draw):
    x = draw()
    c = np.cov(x.reshape(-1, x.shape[-1]).T)
    print(label, "(sign-dependent) ->", x.shape, np.allclose(c, draw.cov, atol=0.15),
          np.allclose(x.reshape(-1, x.shape[-1]).mean(axis=0), draw.mean, atol=0.1))


class Draw:
    def __init__(self, f, mean, cov):
        self.f, self.mean, self.cov = f, np.array(mean, dtype=float), np.array(cov, dtype=float)

    def __call__(self):
        return self.f()


np.random.seed(3)
sign_free("legacy 2x2", Draw(lambda: np.random.multivariate_normal(mean, cov, 20000), mean, cov))
print("legacy stream after", np.random.random())
show("legacy scalar size shape", lambda: np.random.multivariate_normal(mean, cov).shape)
show("legacy identity", lambda: np.random.multivariate_normal([0, 0, 0], np.eye(3), (2, 2)))
show("legacy diag", lambda: np.random.multivariate_normal([0, 5], [[4.0, 0.0], [0.0, 1.0]], 2))
show("legacy not psd", lambda: np.random.multivariate_normal(mean, [[1, 2], [2, 1]], 2).shape)
show("legacy raise", lambda: np.random.multivariate_normal(mean, [[1, 2], [2, 1]], 2, check_valid="raise"))
show("legacy bad check", lambda: np.random.multivariate_normal(mean, cov, 2, check_valid="x"))
show("legacy bad mean", lambda: np.random.multivariate_normal([[1.0]], cov))
show("legacy bad cov", lambda: np.random.multivariate_normal(mean, [1.0, 2.0]))
show("legacy length", lambda: np.random.multivariate_normal([1.0, 2.0, 3.0], cov))
rs = np.random.RandomState(8)
sign_free("RandomState", Draw(lambda: rs.multivariate_normal([0.0, 1.0], [[1.0, 0.5], [0.5, 1.0]], (100, 100)),
                              [0.0, 1.0], [[1.0, 0.5], [0.5, 1.0]]))
print("RandomState stream after", rs.random())

rng = np.random.default_rng(42)
sign_free("gen svd", Draw(lambda: rng.multivariate_normal(mean, cov, 20000), mean, cov))
show("gen scalar shape", lambda: rng.multivariate_normal(mean, cov).shape)
sign_free("gen eigh", Draw(lambda: rng.multivariate_normal(mean, cov, 20000, method="eigh"), mean, cov))
print("gen stream after", rng.random())
show("gen cholesky", lambda: rng.multivariate_normal(mean, cov, 3, method="cholesky"))
show("gen identity", lambda: rng.multivariate_normal([0, 0, 0], np.eye(3), 2))
show("gen diag", lambda: rng.multivariate_normal([0, 5], [[4.0, 0.0], [0.0, 1.0]], 2))
show("gen diag eigh", lambda: rng.multivariate_normal([0, 5], [[4.0, 0.0], [0.0, 1.0]], 2, method="eigh"))
show("gen 3x3 cholesky", lambda: rng.multivariate_normal([1, 2, 3], [[2, 1, 0], [1, 2, 1], [0, 1, 2]], 2,
                                                          method="cholesky"))
show("gen not psd", lambda: rng.multivariate_normal(mean, [[1, 2], [2, 1]], 2, check_valid="raise"))
show("gen not psd eigh", lambda: rng.multivariate_normal(mean, [[1, 2], [2, 1]], 2, method="eigh",
                                                         check_valid="raise"))
show("gen bad method", lambda: rng.multivariate_normal(mean, cov, method="qr"))
show("gen bad cov", lambda: rng.multivariate_normal(mean, [[1.0, 2.0]]))
show("gen over MT19937", lambda: np.random.Generator(np.random.MT19937(1)).multivariate_normal(mean, cov, 2,
                                                                                              method="cholesky"))
print("stream after", rng.random())
