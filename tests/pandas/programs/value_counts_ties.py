import pandas as pd
words = "the cat sat on the mat and the dog sat on the log with a cat and a dog".split()
s = pd.Series(words)
print(s.value_counts())
print(s.value_counts(ascending=True))
nums = pd.Series([i % 7 for i in range(50)] + [3, 3, 5])
print(nums.value_counts())
print(nums.value_counts().head(3))
