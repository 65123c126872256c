import numpy as np
ages = np.array([12, 25, 37, 64, 71, 18, 45])
income = np.array([0, 40000, 85000, 62000, 30000, 1000, 120000])
adult = ages >= 18
senior = ages >= 65
rich = income > 80000
print(adult, senior, rich)
print(ages[adult & ~senior], income[rich | senior])
print(np.logical_and(adult, rich).sum(), adult.sum())
print(np.where(senior, income * 0.9, income))
print(np.any(rich & senior), np.all(income >= 0))
