# A loop in a function whose other locals are still unbound at the loop
# header (assigned only after the loop): the JIT must still compile it.
def count(n):
    total = 0
    for i in range(n):
        total += i % 7
    after = total * 2
    return after


print(count(100000))
