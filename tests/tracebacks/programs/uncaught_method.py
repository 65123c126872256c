class Inventory:
    def __init__(self):
        self.items = {"apple": 3}

    def take(self, name):
        count = self.items[name]
        return count - 1


inv = Inventory()
print(inv.take("apple"))
print(inv.take("pear"))
