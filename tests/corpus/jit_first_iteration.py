# Loops entered again and again whose variables are unbound when they start
# (`for x in ...`'s x, a comprehension's own variable, names first bound in the
# body): the first iteration runs its own trace and passes into the loop's.
# Exits in that first iteration must leave those variables unbound.


def total(xs):
    t = 0
    for x in xs:
        t += x
    return t


def last_item(xs):
    for x in xs:
        pass
    try:
        return x
    except UnboundLocalError as e:
        return "unbound: %s" % e


def squares_used(grid, peers):
    out = 0
    for i in range(len(grid)):
        if grid[i] == 0:
            used = {grid[p] for p in peers[i]}
            cands = [d for d in range(1, 10) if d not in used]
            out += len(cands) * 10 + len(used)
    return out


def names_in_body(n):
    k = 0
    while k < n:
        if k % 2:
            odd = k
        else:
            even = k
        k += 1
    found = []
    for name in ("odd", "even"):
        try:
            found.append(eval(name, None, {"odd": odd} if name == "odd" else {"even": even}))
        except UnboundLocalError:
            found.append(None)
    return found


def first_raises(xs):
    out = []
    for x in xs:
        out.append(10 // x)
    return out


def deleted(xs):
    s = 0
    for x in xs:
        s += x
        del x
    try:
        return s, x
    except UnboundLocalError:
        return s, "x deleted"


def floats_then_ints(xs):
    acc = 0.0
    for v in xs:
        acc = acc * 0.5 + v
    return acc


def objects(items):
    best = None
    for item in items:
        if best is None or item[1] > best[1]:
            best = item
    return best


def main():
    peers = [tuple((i * 7 + k) % 30 for k in range(6)) for i in range(30)]
    grid = [(i * 5) % 4 for i in range(30)]
    lists = [[], [1], [1, 2], [3, 4, 5], list(range(9))]
    acc = []
    for k in range(400):
        xs = lists[k % len(lists)]
        acc.append(total(xs))
        acc.append(last_item(xs))
        acc.append(squares_used(grid, peers) + k)
        acc.append(floats_then_ints([k % 3, 0.5, 2, 1.25][: k % 5]))
        acc.append(objects([("a", k % 7), ("b", 3), ("c", (k * 3) % 11)][: k % 4]))
        if k % 50 == 0:
            acc.append(names_in_body(k % 4))
            acc.append(deleted(xs))
            try:
                acc.append(first_raises([k % 3, 1, 2]))
            except ZeroDivisionError as e:
                acc.append("raised %s" % e)
    print(len(acc))
    print(acc[:20])
    print(acc[-20:])
    print(sum(a for a in acc if type(a) is int), sum(a for a in acc if type(a) is float))
    print(sorted(set(str(a) for a in acc if type(a) is str)))


main()
