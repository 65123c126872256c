# list.append and list.pop in compiled loops (called directly), with subclasses,
# errors and bound methods taking the general path.
class L(list):
    def append(self, x): super().append(x * 10)
def run(n, mk):
    buf = mk()
    out = []
    for i in range(n):
        buf.append(i)
        if len(buf) > 3:
            out.append(buf.pop(0))
        if i % 7 == 0:
            out.append(buf.pop())
        if i % 11 == 0 and buf:
            out.append(buf.pop(-1))
    return sum(out), len(out), buf
print(run(500, list))
print(run(100, L))
def errs():
    b = [1]
    for i in range(20):
        try:
            b.pop(); b.pop()
        except IndexError as e: print("IE", e, i)
        b.append(i)
        try:
            b.pop(5)
        except IndexError as e: pass
        try:
            b.pop("x")
        except TypeError as e: pass
    try: [].pop(True)
    except IndexError as e: print(e)
    print(b, [3,4,5].pop(True))
errs()
ap = [].append
xs = []
for i in range(50): xs.append(i); ap(i)
print(len(xs))
