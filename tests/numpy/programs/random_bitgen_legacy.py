# The legacy global RandomState's bit generator (get/set_bit_generator),
# RandomState over an MT19937, and the numpy.random.bit_generator and
# numpy.random.mtrand modules.
import numpy as np
import numpy.random.bit_generator as bgmod
import numpy.random.mtrand as mtrand
from numpy.random.bit_generator import SeedSequence, SeedlessSeedSequence, BitGenerator
from numpy.random.mtrand import RandomState

print(bgmod.SeedSequence is np.random.SeedSequence, bgmod.BitGenerator is np.random.BitGenerator)
print(issubclass(np.random.MT19937, BitGenerator), issubclass(np.random.PCG64, BitGenerator))
print(mtrand.RandomState is np.random.RandomState, mtrand.rand is np.random.rand or mtrand.rand == np.random.rand)

np.random.seed(5)
bg = np.random.get_bit_generator()
print(type(bg).__name__, bg.state["state"]["pos"], bg.state["state"]["key"][:3].tolist())
print("draw", np.random.random(), bg.state["state"]["pos"])
print("raw from global bg", bg.random_raw(2).tolist(), np.random.random())

new = np.random.MT19937(77)
np.random.set_bit_generator(new)
print("after set", np.random.get_bit_generator() is new, np.random.random(), np.random.randint(0, 100, 4).tolist())
print("new state pos", new.state["state"]["pos"])
np.random.seed(5)
print("reseed", np.random.random(), new.state["state"]["pos"])
print("mtrand.random", mtrand.random(), mtrand.get_bit_generator() is new)

mt = np.random.MT19937(3)
rs = RandomState(mt)
print("RandomState(MT19937)", rs.random(), mt.random_raw(), rs.random(), rs.randint(0, 10, 5).tolist())
print("rs bit generator", rs._bit_generator is mt, repr(rs).split(" at ")[0])
print("normal", rs.standard_normal(3).tolist())
g = np.random.Generator(mt)
print("shared with Generator", g.random(), rs.random())
print("legacy state", RandomState(12).get_state()[2], RandomState(12)._bit_generator.state["state"]["pos"])

s = SeedlessSeedSequence()
print(len(s.spawn(3)))
try:
    s.generate_state(2)
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(SeedSequence(5).generate_state(3).tolist())
print(mtrand.multivariate_normal is not None, callable(mtrand.set_bit_generator))
print("submodules", np.random.bit_generator is bgmod, np.random.mtrand is mtrand,
      np.random.bit_generator.SeedSequence is SeedSequence, type(np.random.mtrand._rand).__name__)
