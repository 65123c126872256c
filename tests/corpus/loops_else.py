def find(items, target):
    for i, v in enumerate(items):
        if v == target:
            print('found', target, 'at', i)
            break
    else:
        print(target, 'not found')
find([1, 2, 3], 2)
find([1, 2, 3], 9)
find([], 1)
n = 0
while n < 3:
    n += 1
else:
    print('while finished normally', n)
while True:
    n -= 1
    if n == 0:
        break
else:
    print('never printed')
print('n is', n)
for i in range(3):
    for j in range(3):
        if j == 2:
            break
        if (i + j) % 2:
            continue
        print(i, j, end='; ')
    else:
        print('inner else', i)
print()
primes = []
for cand in range(2, 40):
    for p in primes:
        if cand % p == 0:
            break
    else:
        primes.append(cand)
print(primes)
for x in []:
    pass
else:
    print('empty loop else')
i = 0
while i < 10:
    i += 1
    if i % 2:
        continue
    if i > 7:
        break
    print('even', i)
else:
    print('not reached')
