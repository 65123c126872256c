# einsum with '...' (broadcast leading axes, implicit and explicit output) and the common subscripts.
import numpy as np
a = np.arange(12.0).reshape(3, 4)
b = np.arange(24.0).reshape(2, 3, 4)
c = np.arange(8.0).reshape(2, 4)
for sub, ops in [("...ij->...ji", (a,)), ("...ij->...ji", (b,)), ("ij...->...", (b,)), ("...j,...j->...", (b, a)),
                 ("bij,bjk->bik", (b, b.transpose(0, 2, 1))), ("...ij,...jk->...ik", (b, b.transpose(0, 2, 1))),
                 ("...i,...i", (c, c)), ("i...->...", (a,)), ("...", (a,)), ("ij,jk", (a, a.T)), ("ii", (a[:, :3],)),
                 ("i,i->", (np.arange(3), np.arange(3))), ("ijk->kji", (b,)), ("...k,k->...", (b, np.ones(4))),
                 ("ba,ab", (a, a.T)), ("k...,k", (np.arange(6.0).reshape(3, 2), np.arange(3.0)))]:
    try:
        print(sub, repr(np.einsum(sub, *ops)))
    except Exception as e:
        print(sub, "EXC", type(e).__name__, e)
