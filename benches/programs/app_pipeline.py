# A generator pipeline over records: produce log lines, parse them, filter,
# enrich and aggregate, each stage a generator feeding the next.
import sys


def produce(n):
    x = 99
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        yield "%d,%s,%d,%d" % (i, ("GET", "POST", "PUT")[x % 3], 200 if x % 7 else 500, x % 1000)


def parse(lines):
    for line in lines:
        i, method, status, ms = line.split(",")
        yield (int(i), method, int(status), int(ms))


def only_ok(records):
    for r in records:
        if r[2] == 200:
            yield r


def slow(records, limit):
    for r in records:
        if r[3] >= limit:
            yield r


def main(n):
    by_method = {}
    count = 0
    total_ms = 0
    for _, method, _, ms in slow(only_ok(parse(produce(n))), 100):
        by_method[method] = by_method.get(method, 0) + 1
        count += 1
        total_ms += ms
    print(count, total_ms, sorted(by_method.items()))
    print(sum(r[3] for r in parse(produce(n // 10))))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300000)
