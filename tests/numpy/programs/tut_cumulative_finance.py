import numpy as np
returns = np.array([0.01, -0.02, 0.015, 0.03, -0.01, 0.005])
growth = np.cumprod(1 + returns)
print(growth, growth[-1] - 1)
prices = 100 * growth
print(np.round(prices, 2))
peak = np.maximum(prices, 0)
running_max = np.array([prices[:i + 1].max() for i in range(len(prices))])
drawdown = (prices - running_max) / running_max
print(np.round(drawdown, 4), drawdown.min())
print(np.mean(returns), np.std(returns, ddof=1))
