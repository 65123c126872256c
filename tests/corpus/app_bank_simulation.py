import random
class InsufficientFunds(Exception):
    pass
class Account:
    _next_id = 1000
    def __init__(self, owner, balance=0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self._balance = balance
        self.history = []
    @property
    def balance(self):
        return self._balance
    def deposit(self, amt):
        self._balance += amt
        self.history.append(('dep', amt))
    def withdraw(self, amt):
        if amt > self._balance:
            raise InsufficientFunds(f'{self.owner}: balance {self._balance}, requested {amt}')
        self._balance -= amt
        self.history.append(('wd', amt))
class Bank:
    def __init__(self):
        self.accounts = {}
    def open(self, owner, initial=0):
        acct = Account(owner, initial)
        self.accounts[acct.id] = acct
        return acct.id
    def transfer(self, src, dst, amt):
        self.accounts[src].withdraw(amt)
        self.accounts[dst].deposit(amt)
    def total(self):
        return sum(a.balance for a in self.accounts.values())
bank = Bank()
ids = [bank.open(name, bal) for name, bal in [('ann', 100), ('bob', 50), ('cy', 0)]]
rng = random.Random(7)
failures = 0
for _ in range(30):
    src, dst = rng.sample(ids, 2)
    amt = rng.randint(1, 60)
    try:
        bank.transfer(src, dst, amt)
    except InsufficientFunds as e:
        failures += 1
        if failures <= 3:
            print('failed:', e)
print('failures', failures, 'total', bank.total())
for acct_id in ids:
    a = bank.accounts[acct_id]
    print(acct_id, a.owner, a.balance, len(a.history), a.history[:3])
