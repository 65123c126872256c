# A closure variable rebound in a hot loop (STORE_DEREF), read back through
# the closure, with a type change every 1000 iterations.
def f(n):
    acc = 0
    def get():
        return acc
    total = 0
    for i in range(n):
        acc = i * 2
        total += get()
        if i % 1000 == 0:
            acc = 'text'
            total += len(get())
    return total
print(f(50000))
