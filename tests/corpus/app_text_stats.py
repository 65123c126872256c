TEXT = """Python is a high-level, general-purpose programming language. Its design philosophy
emphasizes code readability with the use of significant indentation. Python is dynamically
typed and garbage-collected. It supports multiple programming paradigms, including structured,
object-oriented and functional programming."""
import re
from collections import Counter
sentences = [s.strip() for s in re.split(r'(?<=[.!?])\s+', TEXT) if s.strip()]
words = re.findall(r"[A-Za-z][A-Za-z'-]*", TEXT)
print(len(sentences), len(words), len(set(w.lower() for w in words)))
for i, s in enumerate(sentences, 1):
    print(i, len(s.split()), s[:40] + ('...' if len(s) > 40 else ''))
freq = Counter(w.lower() for w in words)
print(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:6])
print(max(words, key=len), round(sum(map(len, words)) / len(words), 3))
vowels = Counter(c for c in TEXT.lower() if c in 'aeiou')
print(sorted(vowels.items()))
acronym = ''.join(w[0].upper() for w in words[:8])
print(acronym, TEXT.count('programming'), TEXT.find('garbage'), TEXT.title()[:30])
hyphenated = sorted(set(w for w in words if '-' in w))
print(hyphenated)
