def mandel(c, limit=40):
    z = 0j
    for i in range(limit):
        z = z * z + c
        if abs(z) > 2:
            return i
    return limit
chars = ' .:-=+*#%@'
for y in range(-10, 11):
    row = []
    for x in range(-40, 20):
        n = mandel(complex(x / 20, y / 10))
        row.append(chars[min(n * len(chars) // 41, len(chars) - 1)])
    print(''.join(row).rstrip())
total = sum(mandel(complex(x / 40, y / 40)) for x in range(-80, 20, 3) for y in range(-40, 41, 3))
print('total iterations', total)
