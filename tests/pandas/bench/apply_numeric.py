"""Series.apply of a numeric lambda over N rows (default 1,000,000).

    python3 apply_numeric.py [N]
"""
import sys
import numpy as np
import pandas as pd


def main(n):
    s = pd.Series(np.arange(n) % 1000 / 10.0)
    r = s.apply(lambda x: x * 0.9 + 1.0 if x > 50.0 else x * x - 3.0)
    print(round(r.sum(), 4))
    print(r.head(3).to_string())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
