# str/bytes arrays as bytes: pickle, tobytes, frombuffer, np.save/np.load (NumPy's .npy layout), matmul's error.
import numpy as np, pickle, io
a = np.array([['ab', 'c'], ['déf', '']])
b = np.array([b'x', b'yz'])
print(pickle.loads(pickle.dumps(a)), repr(pickle.loads(pickle.dumps(b))))
print(a.tobytes(), b.tobytes())
print(repr(np.frombuffer(b'abcd', dtype='S2')), repr(np.frombuffer(a.tobytes(), dtype='<U3')))
f = io.BytesIO(); np.save(f, a); data = f.getvalue(); print(len(data), data[:10])
f.seek(0); print(repr(np.load(f)))
f = io.BytesIO(); np.save(f, b); f.seek(0); print(repr(np.load(f)))
try:
    np.array(['a']) @ np.array(['b'])
except Exception as e:
    print(type(e).__name__, e)
