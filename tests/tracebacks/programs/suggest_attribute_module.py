import math

print(math.sqrt(16))
print(math.sqr(16))
