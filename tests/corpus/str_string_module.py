import string
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.punctuation), repr(string.whitespace), len(string.printable))
print(string.capwords('hello   wide  world'), string.capwords('a-b c-d', '-'))
t = string.Template('$who likes $what; ${who}s cost $$5')
print(t.substitute(who='tim', what='kung pao'), t.safe_substitute(who='ann'))
try:
    t.substitute(who='x')
except KeyError as e:
    print('KeyError:', e)
try:
    string.Template('$1bad').substitute()
except ValueError as e:
    print('ValueError:', e)
f = string.Formatter()
print(f.format('{0}-{x}', 1, x=2), list(f.parse('a{b:>3}c{d!r}')))
