import sys
print(sys.get_int_max_str_digits())
big = 10 ** 5000
try:
    s = str(big)
except ValueError as e:
    print('ValueError:', e)
try:
    int('7' * 5000)
except ValueError as e:
    print('ValueError:', e)
print(len(hex(big)), hex(big)[:12])
sys.set_int_max_str_digits(6000)
print(len(str(big)), str(big)[:5])
print(int('7' * 5000) % 1000)
sys.set_int_max_str_digits(0)
print(len(str(10 ** 20000)))
try:
    sys.set_int_max_str_digits(100)
except ValueError as e:
    print('ValueError:', e)
sys.set_int_max_str_digits(4300)
print(len(str(10 ** 4299)))
try:
    print(10 ** 4300)
except ValueError as e:
    print('ValueError:', e)
