# Dict and str processing: normalise words of generated text, count them, find
# bigrams and the most frequent entries, as a log or text report would.
import sys

WORDS = ("the quick brown fox jumps over lazy dog while seven wizards quietly hex "
         "a jovial queen of bright kingdom near silent river and ancient forest").split()


def make_text(n):
    out = []
    x = 7
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        w = WORDS[x % len(WORDS)]
        if x % 5 == 0:
            w = w.capitalize()
        if x % 11 == 0:
            w += ","
        elif x % 17 == 0:
            w += "."
        out.append(w)
    return " ".join(out)


def main(n):
    text = make_text(n)
    counts = {}
    bigrams = {}
    prev = None
    for raw in text.split():
        w = raw.strip(".,").lower()
        counts[w] = counts.get(w, 0) + 1
        if prev is not None:
            key = prev + " " + w
            bigrams[key] = bigrams.get(key, 0) + 1
        prev = w
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    topb = sorted(bigrams.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    lengths = {}
    for w, c in counts.items():
        lengths[len(w)] = lengths.get(len(w), 0) + c
    print(top)
    print(topb)
    print(sorted(lengths.items()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400000)
