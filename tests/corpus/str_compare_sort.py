words = ['banana', 'Apple', 'cherry', 'apple', 'Banana', 'éclair', 'zeta', 'Zeta', '', 'a', 'aa', 'ab', 'B']
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=lambda w: (len(w), w)))
print(sorted(words, reverse=True))
print(min(words), max(words), min(words, key=len), max(words, key=len))
print('abc' < 'abd', 'abc' < 'ab', 'Z' < 'a', 'é' > 'z', '' < 'a', 'a' * 3 == 'aaa', 'ab' + 'c' == 'abc')
print(sorted(['10', '9', '100', '1']), sorted(['10', '9', '100', '1'], key=int))
print(sorted('hello world'), ''.join(sorted('hello world', reverse=True)))
