from dataclasses import dataclass
from collections import defaultdict
@dataclass
class Product:
    sku: str
    name: str
    category: str
    price: float
    stock: int
inventory = [
    Product('A100', 'Widget', 'tools', 2.50, 120), Product('A101', 'Gadget', 'tools', 12.99, 8),
    Product('B200', 'Apple', 'food', 0.45, 500), Product('B201', 'Bread', 'food', 3.10, 0),
    Product('C300', 'Lamp', 'home', 24.00, 15), Product('C301', 'Rug', 'home', 89.90, 2),
]
by_cat = defaultdict(list)
for p in inventory:
    by_cat[p.category].append(p)
print(f"{'Category':<10}{'Items':>6}{'Units':>8}{'Value':>12}")
grand = 0.0
for cat in sorted(by_cat):
    items = by_cat[cat]
    value = sum(p.price * p.stock for p in items)
    grand += value
    print(f'{cat:<10}{len(items):>6}{sum(p.stock for p in items):>8}{value:>12,.2f}')
print(f"{'TOTAL':<10}{len(inventory):>6}{sum(p.stock for p in inventory):>8}{grand:>12,.2f}")
low = [p for p in inventory if p.stock < 10]
print('Reorder:', ', '.join(f'{p.name} ({p.stock})' for p in sorted(low, key=lambda p: p.stock)))
most_valuable = max(inventory, key=lambda p: p.price * p.stock)
print('Most valuable line:', most_valuable.name, f'{most_valuable.price * most_valuable.stock:.2f}')
