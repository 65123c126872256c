print('circ_b: start')
from pkgs import circ_a
print('circ_b: circ_a partially initialised, A_VALUE =', circ_a.A_VALUE, hasattr(circ_a, 'use_b'))
B_VALUE = 'b'
def b_func():
    return 'b_func called, circ_a.A_VALUE=' + circ_a.A_VALUE
