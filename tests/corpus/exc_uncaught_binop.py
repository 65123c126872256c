def total(prices, qty):
    return prices['base'] * qty + prices['tax']
data = {'base': 10, 'tax': None}
print('computing')
result = total(data, 3)
