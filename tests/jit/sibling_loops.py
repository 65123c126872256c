# Sibling inner loops of one outer loop. Once the inner loops are compiled, a
# bridge from the end of one runs the code between them and enters the next
# one's compiled code directly (an exit that transfers), without the
# interpreter. Values cross between the loops as ints, floats, bools, strings
# and lists; some change type or become unbound between the loops.


def step(points, weights, n):
    total = 0.0
    count = 0
    flag = False
    label = "start"
    scale = 1
    for k in range(n):
        for p in points:
            total += p * 0.5
            count += 1
        flag = count % 3 == 0
        label = "odd" if k % 2 else "even"
        scale = k if k % 5 else k * 0.5
        for w in weights:
            total -= w * scale
            if flag:
                count -= 1
        limit = k % 4
        for q in points:
            if q > limit:
                count += 1
        i = 0
        while i < 3:
            total += i
            i += 1
    return total, count, flag, label, scale


def unbound_between(rows, n):
    acc = 0
    for k in range(n):
        for r in rows:
            acc += r
        if k % 7 == 3:
            tmp = k
        for r in rows:
            acc -= r // 2
        if k % 7 == 3:
            acc += tmp
            del tmp
    return acc


def objects_between(words, n):
    out = []
    seen = 0
    for k in range(n):
        for w in words:
            seen += len(w)
        last = words[k % len(words)]
        for w in words:
            if w == last:
                out.append(k)
    return seen, len(out), out[-5:]


print(step([1, 2, 3, 4, 5], [0.25, 0.5, 0.75], 3000))
print(unbound_between([3, 4, 5, 6], 3000))
print(objects_between(["ab", "cde", "f"], 3000))
