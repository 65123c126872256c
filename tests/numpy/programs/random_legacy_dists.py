import numpy as np

np.random.seed(5)
print(np.random.standard_exponential(3), np.random.exponential(2.0, size=2), repr(np.random.exponential()))
print(np.random.lognormal(0.0, 0.5, 3), np.random.standard_cauchy(2), np.random.rayleigh(2.0, 2))
print(np.random.laplace(1.0, 2.0, 3), np.random.logistic(0.0, 1.0, 2), np.random.gumbel(0.0, 1.0, 2))
print(np.random.weibull(1.5, 3), np.random.pareto(3.0, 2), np.random.power(2.0, 2))
r = np.random.RandomState(9)
print(r.exponential(size=(2, 2)), r.laplace(size=2))
