s = 'banana bandana'
print(s.replace('an', 'AN'), s.replace('an', '', 2), s.replace('', '-'), s.replace('z', 'y'), s.replace('a', 'o', 0))
table = str.maketrans('abc', 'xyz', 'n')
print(s.translate(table), table == {97: 120, 98: 121, 99: 122, 110: None})
print('hello'.translate({ord('l'): 'L!', ord('o'): None}), 'abc'.translate(str.maketrans({'a': '1', 'b': None})))
rot13 = str.maketrans('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
                      'NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm')
print('Hello, World!'.translate(rot13), 'Hello, World!'.translate(rot13).translate(rot13))
for bad in ["str.maketrans('ab', 'c')", "str.maketrans({'ab': 1})", "'x'.replace(1, 2)"]:
    try:
        eval(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
