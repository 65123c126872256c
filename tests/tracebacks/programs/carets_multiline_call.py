def combine(first, second, third):
    return first + second + third


total = combine(
    1,
    2,
    "three",
)
