class BankAccount:
    interest_rate = 0.02
    accounts = 0
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        BankAccount.accounts += 1
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError('deposit must be positive')
        self.balance += amount
        return self
    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError(f'insufficient funds: {self.balance} < {amount}')
        self.balance -= amount
        return self
    def apply_interest(self):
        self.balance = round(self.balance * (1 + self.interest_rate), 2)
    def __repr__(self):
        return f'BankAccount({self.owner!r}, {self.balance})'
a = BankAccount('ann', 100)
b = BankAccount('bob')
a.deposit(50).withdraw(30)
b.deposit(10)
a.apply_interest()
print(a, b, BankAccount.accounts)
b.interest_rate = 0.5
b.apply_interest()
print(b, a.interest_rate, b.interest_rate, BankAccount.interest_rate)
for op in [lambda: a.withdraw(1000), lambda: b.deposit(-5)]:
    try:
        op()
    except ValueError as e:
        print('ValueError:', e)
print(type(a).__name__, isinstance(a, BankAccount), BankAccount.deposit.__name__, a.deposit.__self__ is a)
m = a.deposit
m(1)
print(a.balance, BankAccount.__qualname__, BankAccount.__module__, sorted(vars(a)))
