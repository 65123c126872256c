# A 10^8-iteration float loop: the JIT must run it in constant memory.
# Prints the result, RSS (KiB) after warm-up and at the end, and the growth in %.
def rss_kib():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])

def run(n, x):
    acc = 0.0
    for i in range(n):
        acc = acc * 0.999999 + x * 1.5 - i * 1e-9
    return acc

run(1_000_000, 0.5)
warm = rss_kib()
r = run(100_000_000, 0.25)
end = rss_kib()
print(round(r, 6), warm, end, round(100.0 * (end - warm) / warm, 2))
