def make_divider(d):
    def divide(n):
        return n / d
    return divide


halve = make_divider(2)
print(halve(9))
broken = make_divider(0)
print(broken(9))
