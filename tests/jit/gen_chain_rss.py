# Compiled loops that make generators directly (`gen_new`), peel recursive
# generator chains, and drop some of them half-consumed: 20,000 rounds must
# run in constant memory.
# Prints the result, RSS (KiB) after warm-up and at the end, and the growth in %.
def rss_kib():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])


def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in perms(rest):
            yield [items[i]] + p


def count(n, stop):
    total = 0
    for k, p in enumerate(perms(list(range(n)))):
        if k == stop:
            break
        total += p[0]
    return total


def run(rounds):
    total = 0
    for r in range(rounds):
        total += count(4, r % 30)
    return total


run(2_000)
warm = rss_kib()
r = run(20_000)
end = rss_kib()
print(r, warm, end, round(100.0 * (end - warm) / warm, 2))
