print(list('abc'), tuple({'a': 1, 'b': 2}), set([1, 1, 2]) == {1, 2}, list(range(3)), list({'x': 1}.items()))
print(dict([('a', 1), ['b', 2], 'cd']), dict(zip('xy', (1, 2))), dict(enumerate('ab')), str([1, 'a']), str((1,)))
for bad in ["dict([(1, 2, 3)])", "dict(['a'])", "dict([1])", "list(1)", "tuple(None)", "dict(a=1, **{'a': 2})", "set(1.5)"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
print(list(map(int, '1 2 3'.split())), ' '.join(map(str, [1, 2, 3])), [int(c) for c in str(2 ** 20)])
print(list(b'AB'), bytes([72, 105]).decode(), list(bytearray('hi', 'ascii')), tuple(range(3)) + (3,))
print(sorted({3: 'c', 1: 'a'}.items()), list(dict.fromkeys('banana')), ''.join(dict.fromkeys('mississippi')))
