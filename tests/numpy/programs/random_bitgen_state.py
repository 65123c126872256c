# Bit generator state dicts (get, set, round trips with the 32-bit buffer),
# advance/jumped, spawn, seed_seq, Philox's counter/key, and NumPy's errors.
import numpy as np
from numpy.random import MT19937, PCG64, PCG64DXSM, Philox, SFC64, Generator, SeedSequence, BitGenerator


def show(label, f):
    try:
        v = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
        return
    print(label, "->", repr(v))


for cls in (PCG64, PCG64DXSM, Philox, SFC64):
    bg = cls(2024)
    print(cls.__name__, isinstance(bg, BitGenerator), bg.state)
    g = Generator(bg)
    g.integers(0, 10, dtype=np.int32)
    st = bg.state
    print("after a 32-bit draw", st["has_uint32"], st["uinteger"])
    a = g.integers(0, 100, 6, dtype=np.int32).tolist()
    bg.state = st
    b = g.integers(0, 100, 6, dtype=np.int32).tolist()
    print("replay", a, a == b)
    other = cls(1)
    other.state = st
    print("copied", other.random_raw(2).tolist(), bg.random_raw(0).tolist())
    print("g.bit_generator is bg", g.bit_generator is bg)
    show("state = 5", lambda: setattr(bg, "state", 5))
    show("state = other", lambda: setattr(bg, "state", {"bit_generator": "XX"}))
    show("state = {}", lambda: setattr(bg, "state", {}))
    show("seed -1", lambda: cls(-1))
    show("seed 1.5", lambda: cls(1.5))
    show("seed 'a'", lambda: cls("a"))
    show("seed [1, -2]", lambda: cls([1, -2]))
    kids = cls(7).spawn(2)
    print("spawn", [type(k).__name__ for k in kids], [k.random_raw() for k in kids])
    print("spawn keys", [k.seed_seq.spawn_key for k in kids])
    print("seed_seq", cls(7).seed_seq)

for cls in (PCG64, PCG64DXSM, Philox):
    bg = cls(11)
    bg.random_raw(3)
    j = bg.jumped()
    print(cls.__name__, "jumped", j.random_raw(2).tolist(), "orig", bg.random_raw(1).tolist())
    print("jumped(3)", cls(11).jumped(3).random_raw(2).tolist())
    b2 = cls(11)
    b2.random_raw(1)
    print("advance returns self", b2.advance(5) is b2, b2.random_raw(2).tolist())
    print("advance big", cls(11).advance(2**100 + 17).random_raw(2).tolist())
    print("advance -1", cls(11).advance(-1).random_raw(1).tolist())
    print("state after advance", {k: v for k, v in cls(11).advance(3).state.items() if k != "state"})

show("PCG64 advance state", lambda: PCG64(1).advance(7).state)
show("PCG64DXSM buffered advance", lambda: PCG64DXSM(1).advance(3).state)

p = Philox(counter=5, key=7)
print("Philox counter/key", p.state, p.random_raw(5).tolist())
print("Philox arrays", Philox(counter=[1, 2, 3, 4], key=[7, 8]).random_raw(3).tolist())
print("Philox big ints", Philox(counter=2**64 + 3, key=2**64 + 9).state["state"])
show("Philox seed and key", lambda: Philox(1, key=2))
show("Philox bad key", lambda: Philox(key=-1))
show("Philox big counter", lambda: Philox(counter=2**256, key=1))
show("Philox short counter", lambda: Philox(counter=[1, 2], key=7))
p = Philox(3)
p.random_raw(1)
print("Philox mid-buffer", p.state["buffer_pos"], p.state["state"]["counter"].tolist())
p.advance(1)
print("Philox advanced", p.state)
print("Philox jumped counter", Philox(3).jumped(2).state["state"]["counter"].tolist())

m = MT19937(42)
st = m.state
print("MT19937", st["bit_generator"], st["state"]["pos"], st["state"]["key"][:4].tolist(), st["state"]["key"].dtype)
print("MT raw", m.random_raw(3).tolist())
m.state = st
print("MT replay", m.random_raw(3).tolist())
m.state = ("MT19937", st["state"]["key"], 100)
print("MT legacy tuple", m.state["state"]["pos"], m.random_raw(2).tolist())
show("MT state = 5", lambda: setattr(m, "state", 5))
show("MT state PCG64", lambda: setattr(m, "state", {"bit_generator": "PCG64"}))
show("MT bad tuple", lambda: setattr(m, "state", ("PCG64", 1, 2)))
m._legacy_seeding(5)
print("MT legacy seeding", m.random_raw(3).tolist())
print("MT spawn", [k.random_raw() for k in MT19937(8).spawn(2)])

show("BitGenerator(1)", lambda: BitGenerator(1))
