items = ['abc', 'é', '日本', '🐍', '\x7f', 'tab\t', 'a\u0300']
for s in items:
    print(ascii(s), repr(s), str(s.encode('unicode_escape'), 'ascii'), s.encode('ascii', 'backslashreplace'))
print(ascii(['é', 1, {'k': 'ü'}]), ascii(b'\xff'), ascii(1.5), ascii(None))
print('\\u00e9'.encode().decode('unicode_escape'), 'caf\\xe9'.encode('latin-1').decode('unicode_escape'))
print(repr('é').isascii(), ascii('é').isascii())
