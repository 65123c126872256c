import heapq, bisect
h = []
for x in [5, 1, 8, 3, 9, 2, 7]:
    heapq.heappush(h, x)
print(h, heapq.heappop(h), heapq.heappop(h), h)
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, ['pear', 'fig', 'apple'], key=len))
data = [9, 4, 7, 1, 3]
heapq.heapify(data)
print(data, heapq.heappushpop(data, 0), heapq.heapreplace(data, 10), data)
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [5])))
tasks = []
for pri, name in [(3, 'write'), (1, 'plan'), (2, 'code'), (1, 'coffee')]:
    heapq.heappush(tasks, (pri, name))
print([heapq.heappop(tasks) for _ in range(len(tasks))])
xs = [1, 3, 3, 5, 8]
print(bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3), bisect.bisect(xs, 0), bisect.bisect(xs, 10))
bisect.insort(xs, 4)
bisect.insort_left(xs, 3)
print(xs, bisect.bisect_left(xs, 5, lo=2, hi=4))
grades = 'FDCBA'
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90]])
print(bisect.bisect_left([('a', 1), ('c', 3)], 'b', key=lambda t: t[0]))
try:
    heapq.heappop([])
except IndexError as e:
    print('IndexError:', e)
