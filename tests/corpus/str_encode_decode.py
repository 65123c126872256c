text = 'Grüße, 世界! 🐍'
for enc in ['utf-8', 'utf-16', 'utf-16-le', 'utf-32-be', 'latin-1', 'ascii', 'cp1252', 'utf-8-sig']:
    for errors in ['strict', 'ignore', 'replace', 'xmlcharrefreplace', 'backslashreplace']:
        try:
            print(enc, errors, text.encode(enc, errors))
        except UnicodeEncodeError as e:
            print(enc, errors, 'UnicodeEncodeError:', e)
raw = b'caf\xc3\xa9 \xff\xfe bad \xe6\x97'
for errors in ['strict', 'ignore', 'replace', 'backslashreplace', 'surrogateescape']:
    try:
        print(errors, repr(raw.decode('utf-8', errors)))
    except UnicodeDecodeError as e:
        print(errors, 'UnicodeDecodeError:', e, e.start, e.end, e.reason)
print(b'\xe9t\xe9'.decode('latin-1'), 'x'.encode(), str(b'abc', 'ascii'), str(b'\xc3\xa9', encoding='utf-8'))
try:
    'x'.encode('no-such-codec')
except LookupError as e:
    print('LookupError:', e)
