s = 'naïve café 日本語 🐍 e\u0301'
print(s, len(s), [len(w) for w in s.split()])
print([hex(ord(c)) for c in '🐍é日'], chr(0x1F600), chr(233), chr(0x10FFFF) == '\U0010ffff')
print('\N{GREEK SMALL LETTER ALPHA}\N{SNOWMAN}', '\u00e9' == 'é', '\x41\101\u0042')
b = s.encode('utf-8')
print(len(b), b[:12], b.decode('utf-8') == s)
print('é'.encode('latin-1'), 'é'.encode('utf-16-le'), 'A'.encode('utf-32-be'), '🐍'.encode('utf-16-be'))
import unicodedata
for ch in 'aÉ1 ½🐍\u0301':
    print(repr(ch), unicodedata.name(ch, '?'), unicodedata.category(ch), unicodedata.numeric(ch, None))
print(unicodedata.normalize('NFC', 'e\u0301') == 'é', len(unicodedata.normalize('NFD', 'é')))
print(sorted(['é', 'e', 'z', 'E', 'ä']), max('hello🐍'), min('Zebra'))
for bad in ['chr(-1)', 'chr(0x110000)', "ord('ab')", "ord('')"]:
    try:
        eval(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
