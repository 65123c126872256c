class Account:
    def __init__(self, balance):
        if balance < 0:
            raise ValueError("negative balance")
        self.balance = balance


accounts = [Account(10), Account(-5)]
