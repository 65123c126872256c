import math

def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r

f50 = fact(50)
print(f50)
print(f50 == math.factorial(50))
print(len(str(fact(300))))
a = 2 ** 200 + 12345
b = 3 ** 120 - 7
print(a + b)
print(a - b)
print(b - a)
print(a * b)
print(a // b, a % b)
print(b // 12345678901234567890, b % 12345678901234567890)
print(-a // 97, -a % 97)
print(divmod(a * b, 10 ** 40))
print(a ** 3)
print(pow(a, 65537, b))
print(abs(-a), -(-b) == b)
print(a > b, a < b, a == 2 ** 200 + 12345, a != a + 1)
print(hex(a), oct(b)[:20], bin(2 ** 70 - 1))
print(int("9" * 60) + 1)
print(int("-" + "1" * 45) * 9)
print(sum(range(10 ** 6)) * 10 ** 20)
print(math.gcd(fact(30), 2 ** 100), math.isqrt(10 ** 50 + 1))
print(str(2 ** 64), repr(-2 ** 63), 2 ** 64 - 1 == 0xFFFFFFFFFFFFFFFF)
print(10 ** 30 / 10 ** 10, 10 ** 30 // 10 ** 10, (10 ** 30 + 1) / 3)
fib = [0, 1]
while len(fib) < 150:
    fib.append(fib[-1] + fib[-2])
print(fib[-1], fib[-1].bit_length())
