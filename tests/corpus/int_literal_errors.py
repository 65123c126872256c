# int() of a bad literal: CPython cuts the argument's repr to 200 code points
# in the message (found by the fuzzer).
for s in ['7' + 'É' * 300, 'x' * 199, 'y' * 200, 'z' * 201, 'é' * 250 + "'", ' 12 ', '0x1f']:
    for b in (10, 16, 0):
        try:
            print(int(s, b))
        except ValueError as e:
            print(e)
try:
    int('q' * 500)
except ValueError as e:
    print(e)
