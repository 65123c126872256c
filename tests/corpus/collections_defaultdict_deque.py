from collections import defaultdict, deque
groups = defaultdict(list)
for word in ['apple', 'bat', 'avocado', 'banana', 'cherry', 'blueberry']:
    groups[word[0]].append(word)
print(dict(groups), groups['z'], len(groups), repr(defaultdict(int)))
counts = defaultdict(int)
for c in 'mississippi':
    counts[c] += 1
print(sorted(counts.items()), counts.default_factory)
tree = lambda: defaultdict(tree)
t = tree()
t['a']['b']['c'] = 1
print(t['a']['b']['c'], 'x' in t, list(t['a']))
dq = deque([1, 2, 3])
dq.append(4)
dq.appendleft(0)
dq.extend([5, 6])
dq.extendleft([-1, -2])
print(dq, dq.pop(), dq.popleft(), dq)
dq.rotate(2)
print(dq)
dq.rotate(-3)
print(dq, dq[0], dq[-1], len(dq), 3 in dq, dq.index(3), dq.count(1))
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), end=' ')
print(window, window.maxlen)
try:
    deque().pop()
except IndexError as e:
    print('IndexError:', e)
try:
    defaultdict(list)['k'].missing
except AttributeError as e:
    print('AttributeError:', e)
