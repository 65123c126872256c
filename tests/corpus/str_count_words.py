from collections import Counter
text = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness"""
words = [w.strip('.,').lower() for w in text.split()]
counts = Counter(words)
for word, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:8]:
    print(f'{word:12} {n:3} {"*" * n}')
print(len(words), len(counts), counts['it'], counts['missing'])
lengths = Counter(len(w) for w in words)
print(sorted(lengths.items()))
first_letters = Counter(w[0] for w in words)
print(first_letters.most_common(3))
longest = max(words, key=lambda w: (len(w), w))
print(longest, sorted(set(words), key=lambda w: (len(w), w))[-3:], sorted(w for w in set(words) if w.startswith('e')))
