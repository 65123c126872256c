nums = [0, 7, -7, 1234567, -1234567, 10 ** 12]
specs = ['d', '5d', '<5d', '^7d', '>7', '+d', ' d', '-d', ',', '_', '08d', '+08,d', '=+10d', '*^11,d', 'c' , 'e', '.2f', '%', 'n', 'x', '#b']
for n in nums:
    row = []
    for s in specs:
        if s == 'c' and (n < 0 or n > 0x10FFFF):
            row.append('-')
            continue
        row.append(format(n, s))
    print(repr(row))
for bad in ['.2d', ',c', 'z', '_,', '=s']:
    try:
        print(format(42, bad))
    except ValueError as e:
        print(bad, 'ValueError:', e)
print(f"{42:{'>'}{8}}|{42:{'0'}{6}d}|{'x':{'^'}{5}}|")
