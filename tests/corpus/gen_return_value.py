def sub():
    yield 1
    yield 2
    return 'sub result'
def delegator():
    result = yield from sub()
    print('delegator received', result)
    yield result.upper()
    return len(result)
d = delegator()
print(list(d))
d2 = delegator()
for x in d2:
    pass
def capture(gen):
    while True:
        try:
            next(gen)
        except StopIteration as e:
            return e.value
print(capture(delegator()), capture(sub()))
def compute():
    total = 0
    for i in range(5):
        total += i
        yield i
    return total
gen = compute()
print(list(gen))
gen = compute()
*items, = gen
print(items)
def tree_sum(tree):
    total = tree['value']
    for child in tree.get('children', []):
        total += yield from tree_sum(child)
    yield tree['value']
    return total
t = {'value': 1, 'children': [{'value': 2}, {'value': 3, 'children': [{'value': 4}]}]}
walker = tree_sum(t)
visited = []
try:
    while True:
        visited.append(next(walker))
except StopIteration as e:
    print(visited, 'sum =', e.value)
