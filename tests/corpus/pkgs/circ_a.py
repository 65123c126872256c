print('circ_a: start')
A_VALUE = 'a'
from pkgs import circ_b
print('circ_a: imported circ_b, sees', circ_b.B_VALUE)
def use_b():
    return circ_b.b_func()
