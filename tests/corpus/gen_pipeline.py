LOG = """2024-01-01 INFO start server
2024-01-01 WARN disk 85%
2024-01-02 ERROR failed login user=bob
2024-01-02 INFO request /home 200
2024-01-03 ERROR timeout db
2024-01-03 INFO request /api 500
2024-01-04 WARN memory 90%"""
def read_lines(text):
    for line in text.splitlines():
        yield line
def parse(lines):
    for line in lines:
        date, level, *msg = line.split()
        yield {'date': date, 'level': level, 'msg': ' '.join(msg)}
def only(level, records):
    return (r for r in records if r['level'] == level)
def numbered(records, start=1):
    for i, r in enumerate(records, start):
        yield f"{i}. [{r['date']}] {r['msg']}"
for line in numbered(only('ERROR', parse(read_lines(LOG)))):
    print(line)
from collections import Counter
print(Counter(r['level'] for r in parse(read_lines(LOG))).most_common())
def window(it, n):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) == n:
            yield tuple(buf)
            buf.pop(0)
print(list(window(range(6), 3)))
def batched(it, n):
    batch = []
    for x in it:
        batch.append(x)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch
print(list(batched('abcdefg', 3)))
def running_max(it):
    best = None
    for x in it:
        best = x if best is None or x > best else best
        yield best
print(list(running_max([3, 1, 4, 1, 5, 9, 2, 6])))
