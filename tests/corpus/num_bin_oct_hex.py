for n in [0, 1, 7, 8, 255, -255, 4096, 2 ** 64, -(2 ** 33)]:
    print(n, bin(n), oct(n), hex(n), format(n, 'b'), format(n, '#x'), format(n, 'X'), format(n, '#o'))
print(f"{255:08b} {255:#010b} {255:_b} {10**10:_x} {-42:+#x} {42: X}")
print(int(bin(12345), 2), int(oct(12345), 8), int(hex(12345), 16), int('-0x_ff', 16) if False else int('-0xff', 16))
print(hex(0), bin(-1), oct(-8))
print('%x %X %o %#x %#o %08x' % (255, 255, 8, 255, 8, 3054))
for bad in ['bin(1.5)', "hex('a')", "oct([])"]:
    try:
        eval(bad)
    except TypeError as e:
        print(e)
