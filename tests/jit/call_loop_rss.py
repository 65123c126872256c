# Compiled code calling a function whose entry trace goes on into the
# function's own loop, which ends with an object it made still alive (a
# bridge exits with it): 300,000 such calls must run in constant memory.
# Prints the result, RSS (KiB) after warm-up and at the end, and the growth in %.
def rss_kib():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])


class Num:
    def __init__(self, v):
        self.v = v


def leaf(k):
    return Num(k)


def build(n):
    i = 0
    x = None
    while i < n:
        x = leaf(i)
        i += 1
    return x.v


def run(calls):
    total = 0
    for r in range(calls):
        total += build(30 + r % 3)
    return total


run(20_000)
warm = rss_kib()
r = run(300_000)
end = rss_kib()
print(r, warm, end, round(100.0 * (end - warm) / warm, 2))
