# numpy's functions given object arrays: np.array/asarray with a dtype,
# concatenate, where, nonzero, unique (with its optional outputs), the
# *_like creators, copy, reshape/ravel/transpose, shape/ndim/size, copy module.
import copy
import numpy as np

o = np.array([3, 'b', None, 3, 'b', 1.5], dtype=object)
n = np.array([3, 1, 2, 3, 1], dtype=object)
print(repr(np.array(n, dtype=float)), repr(np.asarray(n, dtype=np.int64)), repr(np.array(n, dtype=object) is n))
print(repr(np.concatenate([n, np.array(['x'], dtype=object)])), repr(np.concatenate([n, np.arange(2)])))
print(repr(np.concatenate([np.array([[1, 'a']], dtype=object), np.array([[None, 2]], dtype=object)], axis=0)))
print(repr(np.concatenate([np.array([[1, 'a']], dtype=object), np.array([[None, 2]], dtype=object)], axis=1)))
print(repr(np.where(n == 3, 'three', n)), repr(np.where(np.array([True, False]), np.array([1, 2], dtype=object), None)))
print(repr(np.where(n == 3)), repr(np.nonzero(np.array([0, 'a', None, 2], dtype=object))))
print(repr(np.array([0, '', 1, [], [0]], dtype=object).nonzero()))
print(repr(np.unique(n)), repr(np.unique(np.array(['b', 'a', 'b', 'c'], dtype=object))))
print(np.unique(n, return_index=True, return_inverse=True, return_counts=True))
print(np.unique(np.array([[2, 1], [1, 2]], dtype=object), return_inverse=True))
print(repr(np.zeros_like(n)), repr(np.ones_like(n)), repr(np.empty_like(o)), repr(np.full_like(n, 'z')))
print(repr(np.zeros_like(np.array([[1, 2]], dtype=object))), repr(np.copy(o)), np.copy(o) is o)
print(repr(np.reshape(n[:4], (2, 2))), repr(np.ravel(np.array([[1, 'a']], dtype=object))))
print(repr(np.transpose(np.array([[1, 'a']], dtype=object))), np.shape(o), np.ndim(o), np.size(o))
l = np.empty(2, dtype=object)
l[0], l[1] = [1], [2]
c = copy.copy(l)
d = copy.deepcopy(l)
l[0].append(9)
print(repr(c), repr(d))
print(repr(n.copy()), repr(o[o != None]), o.tolist())
