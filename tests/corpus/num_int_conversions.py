cases = [("42", 10), ("-17", 10), ("  +8  ", 10), ("ff", 16), ("0xff", 16), ("0xff", 0), ("0o17", 0),
         ("0b1011", 0), ("z", 36), ("1_000_000", 10), ("777", 8), ("-0b11", 0), ("10", 2)]
for s, base in cases:
    print(repr(s), base, int(s, base))
print(int(3.99), int(-3.99), int(True), int(), int(1e20), int("0"), int(" 7\n"))
print(int.from_bytes(b'\x01\x00', 'big'), int.from_bytes(b'\x01\x00', 'little'),
      int.from_bytes(b'\xff', 'big', signed=True))
print((1024).to_bytes(4, 'big'), (-1).to_bytes(2, 'little', signed=True), (255).to_bytes(1, 'big'))
for bad in ["int('')", "int('3.5')", "int('12', 2)", "int('0x10')", "int('1_')", "int('ten')",
            "int('5', 1)", "int('5', 37)", "int(None)", "int([1])", "(256).to_bytes(1, 'big')",
            "(-1).to_bytes(1, 'big')", "int('1__0')", "int('0b2', 0)"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__ + ':', e)
print(float(7), str(255), repr(-0), bool(0), bool(-3), int('  -0  '))
print(int('٣٤'), int('１２'), float('٣.٥'))
