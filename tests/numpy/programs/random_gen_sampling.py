import numpy as np

nan = float("nan")
inf = float("inf")


def show(label, f):
    try:
        v = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
        return
    if isinstance(v, np.ndarray):
        print(label, "->", v.dtype, v.shape)
        print(repr(v))
    else:
        print(label, "->", type(v).__name__, repr(v))


r = np.random.default_rng(33)
show('r.choice(5)', lambda: r.choice(5))
show('r.choice(5, 3)', lambda: r.choice(5, 3))
show('r.choice([10, 20, 30], size=(2, 2))', lambda: r.choice([10, 20, 30], size=(2, 2)))
show('r.choice(5, 3, replace=False)', lambda: r.choice(5, 3, replace=False))
show('r.choice(5, 5, replace=False, shuffle=False)', lambda: r.choice(5, 5, replace=False, shuffle=False))
show('r.choice(20000, 1000, replace=False)[:6]', lambda: r.choice(20000, 1000, replace=False)[:6])
show('r.choice(20000, 300, replace=False, shuffle=False).sum()', lambda: int(r.choice(20000, 300, replace=False, shuffle=False).sum()))
show('r.choice(50000, 49990, replace=False)[-4:]', lambda: r.choice(50000, 49990, replace=False)[-4:])
show('r.choice(5, p=[0.1, 0.2, 0.3, 0.2, 0.2])', lambda: r.choice(5, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
show('r.choice(5, 4, p=[0.1, 0.2, 0.3, 0.2, 0.2])', lambda: r.choice(5, 4, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
show('r.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2])', lambda: r.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
show('r.choice(np.arange(12).reshape(4, 3), 2)', lambda: r.choice(np.arange(12).reshape(4, 3), 2))
print("stream:", r.integers(0, 2**62))
show('r.choice(np.arange(12).reshape(4, 3), 2, axis=1)', lambda: r.choice(np.arange(12).reshape(4, 3), 2, axis=1))
show('r.choice(5, p=[.5,.5,0,0,.1])', lambda: r.choice(5, p=[.5,.5,0,0,.1]))
show('r.choice(5, p=[.5,.5,0,0,-.1])', lambda: r.choice(5, p=[.5,.5,0,0,-.1]))
show('r.choice(5, p=[.5,.5,0,0,nan])', lambda: r.choice(5, p=[.5,.5,0,0,nan]))
show('r.choice(5, p=[.5,.5])', lambda: r.choice(5, p=[.5,.5]))
show('r.choice(5, p=[[.5,.5]])', lambda: r.choice(5, p=[[.5,.5]]))
show('r.choice(0, 3)', lambda: r.choice(0, 3))
show('r.choice([], 3)', lambda: r.choice([], 3))
show('r.choice(-1)', lambda: r.choice(-1))
print("stream:", r.integers(0, 2**62))
show('r.choice(3, 5, replace=False)', lambda: r.choice(3, 5, replace=False))
show('r.choice(5, 3, replace=False, p=[1,0,0,0,0])', lambda: r.choice(5, 3, replace=False, p=[1,0,0,0,0]))
show('r.choice(5.5)', lambda: r.choice(5.5))
show('r.choice(5, size=())', lambda: r.choice(5, size=()))
show('r.choice([1, 2, 3], size=())', lambda: r.choice([1, 2, 3], size=()))
show('r.choice(5, (2, 2), replace=False)', lambda: r.choice(5, (2, 2), replace=False))
show('r.permuted(np.arange(10))', lambda: r.permuted(np.arange(10)))
show('r.permuted(np.arange(12).reshape(3, 4), axis=1)', lambda: r.permuted(np.arange(12).reshape(3, 4), axis=1))
show('r.permuted(np.arange(12).reshape(3, 4), axis=0)', lambda: r.permuted(np.arange(12).reshape(3, 4), axis=0))
show('r.permuted(np.arange(12).reshape(3, 4))', lambda: r.permuted(np.arange(12).reshape(3, 4)))
print("stream:", r.integers(0, 2**62))
show('r.permuted([[1, 2], [3, 4]], axis=2)', lambda: r.permuted([[1, 2], [3, 4]], axis=2))
show('r.permuted(np.arange(6), out=np.zeros(6, dtype=np.int64))', lambda: r.permuted(np.arange(6), out=np.zeros(6, dtype=np.int64)))
show('r.bytes(10)', lambda: r.bytes(10))
show('r.bytes(0)', lambda: r.bytes(0))
show('r.bytes(3)', lambda: r.bytes(3))
print("stream:", r.integers(0, 2**62))

# spawn: children from the seed's SeedSequence, counting on across calls.
parent = np.random.default_rng(2024)
kids = parent.spawn(2)
print([k.integers(0, 1000, 3).tolist() for k in kids])
print([k.integers(0, 1000, 3).tolist() for k in parent.spawn(1)])
print([k.random() for k in kids[0].spawn(2)])
print(np.random.default_rng([1, 2, 3]).spawn(1)[0].integers(0, 10**9))
show("spawn(-1)", lambda: parent.spawn(-1))
print(parent.spawn(0))

# bit_generator: PCG64's state, saved and restored.
g = np.random.default_rng(99)
bg = g.bit_generator
print(type(bg).__name__)
st = bg.state
print(st)
first = g.random(3)
g.integers(0, 10)
print(g.bit_generator.state["has_uint32"], g.bit_generator.state["uinteger"])
g.bit_generator.state = st
print(np.array_equal(first, g.random(3)))
print(bg.random_raw(), bg.random_raw(2))
show("bad state", lambda: setattr(g.bit_generator, "state", {"bit_generator": "MT19937"}))

# Generator over a PCG64, sharing its stream.
pcg = np.random.PCG64(5)
g1 = np.random.Generator(pcg)
g2 = np.random.default_rng(pcg)
print(g1.integers(0, 100, 4), g2.integers(0, 100, 4), np.random.default_rng(5).integers(0, 100, 8))
print(pcg.state["state"]["state"] == g1.bit_generator.state["state"]["state"])
show("fresh spawn(-1)", lambda: np.random.default_rng(1).spawn(-1))

# SeedSequence: the pool, generated state words, spawned children, and
# generators seeded from it.
ss = np.random.SeedSequence(12345)
print(ss)
print(ss.pool, ss.generate_state(3), ss.generate_state(2, np.uint64))
children = ss.spawn(3)
print(children[2])
print([np.random.default_rng(c).integers(0, 1000, 3).tolist() for c in children])
print(np.random.default_rng(np.random.SeedSequence([1, 2, 3])).random(2))
print(np.random.default_rng(np.random.SeedSequence(7, spawn_key=(0, 5))).normal(size=2))
print(ss.state)
show("SeedSequence(1.5)", lambda: np.random.SeedSequence(1.5))
show("SeedSequence(-1)", lambda: np.random.SeedSequence(-1))
show("pool_size=2", lambda: np.random.SeedSequence(1, pool_size=2))
