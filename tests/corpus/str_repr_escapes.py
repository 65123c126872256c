samples = ['plain', "it's", 'say "hi"', 'both \' and "', 'tab\there', 'new\nline', 'back\\slash',
           '\x00\x07\x1b\x7f', '\x80\xa0\xad', 'é', '\u200b', '\U0001f600', '\ud800' if False else 'x', '\r\x0c',
           'ünïcödé', '\u2028', '\N{NO-BREAK SPACE}', '\U000e0001']
for s in samples:
    print(repr(s), ascii(s), len(repr(s)))
print(repr(['a', "b'", 'c"']), repr({'k': 'v\n'}), repr(('x',)))
print(str(b'bytes\n\x00\xff'), repr(b"quote'"), repr(b'dq"'), repr(b'both\'"'), repr(bytearray(b'ab\x01')))
print(r'raw\n\t', len(r'\n'), 'adjacent' ' literals' " joined")
