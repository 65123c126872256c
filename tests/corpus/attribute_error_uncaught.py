class Account:
    def __init__(self, owner):
        self.owner = owner
        self.balance = 0

    def deposit(self, amount):
        self.balance += amount

acct = Account('ann')
acct.deposit(10)
print(acct.balance)
acct.withdraw(5)
