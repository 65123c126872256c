# Script-level coverage (`coverage run --branch`): loops, branches, an
# exception caught and one re-raised, a generator closed early, a class.
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError("insufficient funds")
        self.balance -= amount
        return self.balance


def fib():
    a, b = 0, 1
    try:
        while True:
            yield a
            a, b = b, a + b
    finally:
        print("fib closed")


def first(n, gen):
    out = []
    for x in gen:
        if len(out) == n:
            break
        out.append(x)
    return out


def process(accounts, amounts):
    failed = 0
    for acc, amt in zip(accounts, amounts):
        try:
            acc.withdraw(amt)
        except ValueError:
            failed += 1
            continue
        else:
            if acc.balance == 0:
                print("emptied", acc.owner)
    return failed


accs = [Account("a", 10), Account("b", 5), Account("c")]
g = fib()
print(first(10, g))
g.close()
print(process(accs * 200, [5, 10, 0] * 200))
try:
    Account("d").withdraw(1)
except ValueError as e:
    print("caught", e)
squares = {k: k * k for k in range(20) if k % 3}
print(sum(squares.values()), [k for k in squares if k > 15])
while_count = 0
while while_count < 1000:
    while_count += 3 if while_count % 2 else 1
print(while_count)
