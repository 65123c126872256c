import pkgs.circ_a as a
print(a.use_b())
import pkgs.circ_b as b
print(b.circ_a is a, b.B_VALUE)
