lst = [1, 2, 3]
cases = [
    lambda: lst[3], lambda: lst[-4], lambda: lst.remove(9), lambda: [].pop(), lambda: lst.pop(10),
    lambda: lst.index(7), lambda: lst.__setitem__(5, 0), lambda: lst['a'], lambda: lst + (4,),
    lambda: lst * 1.5, lambda: lst.sort(key=1), lambda: [1, 'a'].sort(), lambda: lst.insert('x', 1),
    lambda: lst.__delitem__(9), lambda: list(5), lambda: lst.index(1, 'a'), lambda: [3, None].sort(),
    lambda: lst.pop('0'), lambda: lst[1:2:0], lambda: max([]), lambda: min([], default='empty'),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__ + ':', e)
print(lst)
