import numpy as np
scores = np.array([[88, 92, 79], [95, 85, 91], [70, 64, 82], [100, 98, 99]])
print("mean per student:", scores.mean(axis=1))
print("mean per test:", scores.mean(axis=0))
print("overall:", scores.mean(), "std:", scores.std())
print("best student:", scores.sum(axis=1).argmax())
print("passing:", (scores >= 80).all(axis=1))
weights = np.array([0.3, 0.3, 0.4])
final = scores @ weights
print("weighted:", final, np.round(final, 1))
print("ranked:", np.argsort(-final))
curved = np.clip(scores + 5, 0, 100)
print(curved)
