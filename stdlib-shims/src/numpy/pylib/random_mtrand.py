# `numpy.random.mtrand`: RandomState and the legacy functions (the global
# RandomState's methods), as numpy.random has them.

__all__ = ["RandomState", "beta", "binomial", "bytes", "chisquare", "choice", "dirichlet", "exponential", "f",
          "gamma", "geometric", "get_bit_generator", "get_state", "gumbel", "hypergeometric", "laplace", "logistic",
          "lognormal", "logseries", "multinomial", "multivariate_normal", "negative_binomial",
          "noncentral_chisquare", "noncentral_f", "normal", "pareto", "permutation", "poisson", "power", "rand",
          "randint", "randn", "random", "random_integers", "random_sample", "ranf", "rayleigh", "sample", "seed",
          "set_bit_generator", "set_state", "shuffle", "standard_cauchy", "standard_exponential",
          "standard_gamma", "standard_normal", "standard_t", "triangular", "uniform", "vonmises", "wald",
          "weibull", "zipf"]
_r = np.random
RandomState = _r.RandomState
beta, binomial, bytes, chisquare, choice = _r.beta, _r.binomial, _r.bytes, _r.chisquare, _r.choice
dirichlet, exponential, f, gamma, geometric = _r.dirichlet, _r.exponential, _r.f, _r.gamma, _r.geometric
get_bit_generator, get_state, gumbel = _r.get_bit_generator, _r.get_state, _r.gumbel
hypergeometric, laplace, logistic, lognormal = _r.hypergeometric, _r.laplace, _r.logistic, _r.lognormal
logseries, multinomial, multivariate_normal = _r.logseries, _r.multinomial, _r.multivariate_normal
negative_binomial, noncentral_chisquare, noncentral_f = _r.negative_binomial, _r.noncentral_chisquare, _r.noncentral_f
normal, pareto, permutation, poisson, power = _r.normal, _r.pareto, _r.permutation, _r.poisson, _r.power
rand, randint, randn, random, random_integers = _r.rand, _r.randint, _r.randn, _r.random, _r.random_integers
random_sample, ranf, rayleigh, sample, seed = _r.random_sample, _r.ranf, _r.rayleigh, _r.sample, _r.seed
set_bit_generator, set_state, shuffle = _r.set_bit_generator, _r.set_state, _r.shuffle
standard_cauchy, standard_exponential = _r.standard_cauchy, _r.standard_exponential
standard_gamma, standard_normal, standard_t = _r.standard_gamma, _r.standard_normal, _r.standard_t
triangular, uniform, vonmises, wald = _r.triangular, _r.uniform, _r.vonmises, _r.wald
weibull, zipf = _r.weibull, _r.zipf
_rand = _r._rand
del _r
