parts = []
for i in range(10):
    parts.append(f'{i}:{i * i}')
print(','.join(parts))
s = ''
for ch in 'abcdef':
    s += ch.upper() + ch
print(s, len(s))
import io
buf = io.StringIO()
for row in range(3):
    buf.write(' | '.join(f'{row * 3 + col:>3}' for col in range(3)))
    buf.write('\n')
print(buf.getvalue(), end='')
lines = ['first', 'second', 'third']
print('\n'.join(f'{n}. {line}' for n, line in enumerate(lines, 1)))
table = [('name', 'qty'), ('apples', 3), ('kiwis', 12)]
widths = [max(len(str(r[i])) for r in table) for i in range(2)]
for r in table:
    print('  '.join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip())
print('-' * 20, '=' * 5 + '>' , '<' + '~' * 3 + '>', 'ab' * 3 + 'c')
words = 'the rain in spain'.split()
print(' '.join(reversed(words)), ' '.join(w[::-1] for w in words), '_'.join(words).upper(), ''.join(w[0] for w in words))
