"""Writes the CSV of csv_pipeline.py: N rows (default 1,000,000), 10
columns (ints, floats, strings, bools). Deterministic.

    python3 make_csv.py [N] [PATH]
"""
import sys


def main(n, path):
    regions = ["north", "south", "east", "west", "central"]
    cats = ["tools", "toys", "food", "books", "garden", "music", "sports"]
    notes = ["", "rush", "gift", "fragile", "bulk"]
    seed = 12345
    with open(path, "w") as f:
        f.write("id,region,category,qty,price,discount,store,flag,note,ts\n")
        lines = []
        for i in range(n):
            seed = (seed * 1103515245 + 12345) % 2147483648
            r = seed >> 8
            lines.append(
                f"{i},{regions[r % 5]},{cats[(r >> 3) % 7]},{1 + (r >> 6) % 9},{(r >> 10) % 10000 / 100:.2f},"
                f"{(r >> 4) % 50 / 100:.2f},{(r >> 12) % 40},{'True' if r % 3 == 0 else 'False'},{notes[(r >> 7) % 5]},{1600000000 + r % 100000}\n"
            )
            if len(lines) == 10000:
                f.writelines(lines)
                lines.clear()
        f.writelines(lines)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000, sys.argv[2] if len(sys.argv) > 2 else "sales.csv")
