rows = [('apple', 3, 0.5), ('banana', 12, 0.25), ('cherry', 150, 0.1)]
w = max(len(r[0]) for r in rows)
print(f"{'item':<{w}} | {'qty':>5} | {'price':>7} | {'total':>8}")
print(f"{'-' * w}-+-{'-' * 5}-+-{'-' * 7}-+-{'-' * 8}")
for name, qty, price in rows:
    print(f"{name:<{w}} | {qty:>5} | {price:>7.2f} | {qty * price:>8.2f}")
total = sum(q * p for _, q, p in rows)
print(f"{'TOTAL':<{w}} | {'':>5} | {'':>7} | {total:>8.2f}")
data = {'a': {'b': [10, 20]}}
print(f"{data['a']['b'][1]} {f'{3:>{2 + 1}}'} {f'{1!r:>3}'}")
fmt = '>10'
print(f'{"x":{fmt}}|{12.5:{fmt[0]}{fmt[1:]}}|')
print(f"{', '.join(f'{k}={v}' for k, v in sorted(dict(z=1, a=2).items()))}")
