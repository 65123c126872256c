samples = ['abc', 'ABC', 'abc123', '123', '١٢٣', '½', '²', '  ', '', 'a b', '_id', '2x', 'é', '\t', 'ǅ', 'Ⅻ', 'x\x00', '한글']
preds = ['isalpha', 'isalnum', 'isdigit', 'isdecimal', 'isnumeric', 'isspace', 'isidentifier', 'isprintable', 'isascii', 'isupper', 'islower', 'istitle']
print(' '.join(p[2:6] for p in preds))
for s in samples:
    print(repr(s).ljust(12), ' '.join('T' if getattr(s, p)() else '.' for p in preds))
import keyword
print(keyword.iskeyword('match'), keyword.iskeyword('for'), 'class'.isidentifier(), keyword.issoftkeyword('match'))
