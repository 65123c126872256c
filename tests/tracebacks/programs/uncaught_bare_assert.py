x = 2
assert x == 3
