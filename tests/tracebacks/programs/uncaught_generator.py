def countdown(n):
    while True:
        yield 10 / n
        n -= 1


for value in countdown(3):
    print(value)
