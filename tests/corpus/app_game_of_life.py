def step(live):
    counts = {}
    for (x, y) in live:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    key = (x + dx, y + dy)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}
def render(live, w, h):
    return '\n'.join(''.join('#' if (x, y) in live else '.' for x in range(w)) for y in range(h))
glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
state = glider
for gen in range(5):
    print(f'generation {gen}:')
    print(render(state, 6, 6))
    state = step(state)
blinker = {(1, 0), (1, 1), (1, 2)}
print(sorted(step(blinker)), step(step(blinker)) == blinker)
r_pentomino = {(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)}
s = r_pentomino
sizes = []
for _ in range(60):
    s = step(s)
    sizes.append(len(s))
print(sizes[-10:], min(x for x, _ in s), max(y for _, y in s))
