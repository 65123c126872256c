words = ['hello world', 'HELLO', 'ßtraße', 'ǅemal', "they're bill's friends", 'ΣΊΣΥΦΟΣ', 'i̇stanbul', '123abc', 'mIxEd CaSe', '']
for w in words:
    print(repr(w), w.upper(), w.lower(), w.title(), w.capitalize(), w.swapcase(), w.casefold(), sep=' | ')
print('straße'.upper().lower(), 'ﬁ'.upper(), 'İ'.lower(), len('İ'.lower()))
print('hello'.istitle(), 'Hello World'.istitle(), 'HELLO'.isupper(), 'hello1'.islower(), '123'.islower())
