def grade(score):
    return 'A' if score >= 90 else 'B' if score >= 80 else 'C' if score >= 70 else 'F'
print([grade(s) for s in [95, 85, 75, 65, 90, 80]])
x = 5
print('pos' if x > 0 else 'neg' if x < 0 else 'zero', ('a' if False else 'b') + 'c')
print((lambda v: 'even' if v % 2 == 0 else 'odd')(7), [i if i % 3 else -i for i in range(7)])
print(None if [] else [] if () else 'last', 1 if (2 if 0 else 3) else 4)
a = b = 0
r = (a := 1) if b else (b := 2)
print(r, a, b)
print(max(3, 7) if True else err, {True: 'y', False: 'n'}[3 > 2])
