# numexpr version of np_blackscholes.py (the fused-evaluation anchor).
import sys
import numpy as np
import numexpr as ne

CND = "0.5 * (1.0 + where(D >= 0, 1.0, -1.0) * (1.0 - (((((1.061405429 * T - 1.453152027) * T) + 1.421413741) * T - 0.284496736) * T + 0.254829592) * T * exp(-(D * D) / 2.0)))"


def cnd(d):
    # erf_approx(d / sqrt(2)) with t = 1 / (1 + p |d| / sqrt(2)), one pass.
    t = ne.evaluate("1.0 / (1.0 + 0.3275911 * abs(d) / 1.4142135623730951)")
    return ne.evaluate(CND, local_dict={"D": d, "T": t})


def main(n):
    i = np.arange(n, dtype=np.float64)
    S = ne.evaluate("50.0 + (i % 50.0)")
    K = ne.evaluate("40.0 + (i % 37.0)")
    T = ne.evaluate("0.5 + (i % 5.0) / 4.0")
    r, v = 0.02, 0.3
    d1 = ne.evaluate("(log(S / K) + (r + 0.5 * v * v) * T) / (v * sqrt(T))")
    d2 = ne.evaluate("d1 - v * sqrt(T)")
    e = ne.evaluate("K * exp(-r * T)")
    call = ne.evaluate("S * c1 - e * c2", local_dict={"S": S, "e": e, "c1": cnd(d1), "c2": cnd(d2)})
    put = ne.evaluate("e * c2 - S * c1", local_dict={"S": S, "e": e, "c1": cnd(-d1), "c2": cnd(-d2)})
    print("%.4f %.4f" % (float(call.sum()) / n, float(put.sum()) / n))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4_000_000)
