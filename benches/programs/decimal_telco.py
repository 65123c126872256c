"""Telco-style money loop (after pyperformance's bm_telco): rates times call
durations, quantized to cents with banker's and truncating rounding, taxes
summed, over 5000 calls N times; prints the totals and a digest of every printed price."""
import hashlib
import sys
import io
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal, getcontext


def durations(n, seed=12345):
    x = seed
    for _ in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield x >> 40


def run(calls):
    getcontext().rounding = ROUND_DOWN
    rates = [Decimal("0.0013"), Decimal("0.00894")]
    twodig = Decimal("0.01")
    basictax = Decimal("0.0675")
    disttax = Decimal("0.0341")
    out = io.StringIO()
    sum_t = sum_b = sum_d = Decimal(0)
    for n in calls:
        calltype = n & 1
        r = rates[calltype]
        p = (r * n).quantize(twodig, rounding=ROUND_HALF_EVEN)
        b = (p * basictax).quantize(twodig, rounding=ROUND_DOWN)
        sum_b += b
        t = p + b
        if calltype:
            d = (p * disttax).quantize(twodig, rounding=ROUND_DOWN)
            sum_d += d
            t += d
        sum_t += t
        print(t, file=out)
    return sum_t, sum_b, sum_d, out.getvalue()


def main(n):
    calls = list(durations(5000))
    for _ in range(n):
        totals = run(calls)
    print(*totals[:3])
    print(hashlib.sha256(totals[3].encode()).hexdigest())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
