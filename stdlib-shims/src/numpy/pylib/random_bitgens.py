# NumPy's other bit generators: MT19937, PCG64DXSM, Philox and SFC64, each
# seeded through a SeedSequence as NumPy seeds it, with `state` get/set,
# `random_raw`, `spawn`, and `advance`/`jumped` where NumPy has them. The
# streams are native (`np.random._bitgen`, `_bitgen_mt`); `Generator(bg)`
# draws from the same stream. Written from NumPy's documentation and the
# published algorithms.

__random__ = ["MT19937", "PCG64DXSM", "Philox", "SFC64"]

_random = np.random
BitGenerator = _random.BitGenerator
_PCG64 = _random.PCG64
_M64 = (1 << 64) - 1


def _uint64_list(a):
    return [int(v) for v in np.asarray(a).ravel().tolist()]


class MT19937(BitGenerator):
    """The Mersenne Twister, seeded from 624 SeedSequence words (the first
    set to 0x80000000) as NumPy's MT19937 is; the legacy functions' stream
    (`RandomState`) is the same generator seeded the legacy way."""

    _name = "MT19937"

    def __init__(self, seed=None):
        BitGenerator.__init__(self, seed)
        key = [int(v) for v in self._seed_seq.generate_state(624, np.uint32).tolist()]
        key[0] = 0x80000000
        mt = _random._mt19937(0)
        mt.set_state(key, 623, False, 0.0)
        self._set_mt(mt)

    def _set_mt(self, mt, rng=None):
        self._mt = mt
        return self._own(_random._bitgen_mt(mt) if rng is None else rng)

    @classmethod
    def _of_mt(cls, mt):
        bg = cls.__new__(cls)
        bg._seed_seq = None
        return bg._set_mt(mt)

    @classmethod
    def _of(cls, rng):
        bg = cls.__new__(cls)
        bg._seed_seq = rng._get_seed_seq()
        return bg._set_mt(rng._mt_shared(), rng)

    def _legacy_seeding(self, seed):
        self._mt.seed(seed)
        self._seed_seq = None
        self._rng._set_seed_seq(None)

    @property
    def state(self):
        key, pos, _, _ = self._mt.get_state()
        return {"bit_generator": "MT19937", "state": {"key": key, "pos": int(pos)}}

    @state.setter
    def state(self, value):
        if isinstance(value, tuple):
            if value[0] != "MT19937" or len(value) not in (3, 5):
                raise ValueError("state is not a legacy MT19937 state")
            value = {"bit_generator": "MT19937", "state": {"key": value[1], "pos": value[2]}}
        self._check_state(value, "PRNG")
        key = [int(v) for v in np.asarray(value["state"]["key"]).ravel().tolist()]
        _, _, has_gauss, gauss = self._mt.get_state()
        self._mt.set_state(key, int(value["state"]["pos"]), bool(has_gauss), gauss)

    def jumped(self, jumps=1):
        raise NotImplementedError("numpy.random.MT19937.jumped is not supported by hipy")

    def __repr__(self):
        return "<numpy.random._mt19937.MT19937 object at {:#x}>".format(id(self))


class PCG64DXSM(BitGenerator):
    """PCG64 with the cheap multiplier and the DXSM output function."""

    _name = "PCG64DXSM"
    state = _PCG64.state
    advance = _PCG64.advance
    jumped = _PCG64.jumped
    __repr__ = _PCG64.__repr__

    def __init__(self, seed=None):
        BitGenerator.__init__(self, seed)
        self._own(_random._bitgen("PCG64DXSM", _uint64_list(self._seed_seq.generate_state(4, np.uint64))))


def _int_to_words(value, name, bits):
    n = bits // 64
    if isinstance(value, (int, np.integer)):
        v = int(value)
        if v < 0 or v >= 1 << bits:
            raise ValueError("{} must be positive and less than 2**{}.".format(name, bits))
        return [(v >> (64 * i)) & _M64 for i in range(n)]
    words = _uint64_list(np.asarray(value, dtype=np.uint64))
    if len(words) != n:
        raise ValueError("{} must have {} elements when using array form".format(name, n))
    return words


class Philox(BitGenerator):
    """Philox4x64-10: a 256-bit counter encrypted under a 128-bit key."""

    _name = "Philox"

    def __init__(self, seed=None, counter=None, key=None):
        if seed is not None and key is not None:
            raise ValueError("seed and key cannot be both used")
        BitGenerator.__init__(self, seed)
        if key is None:
            key = _uint64_list(self._seed_seq.generate_state(2, np.uint64))
        else:
            key = _int_to_words(key, "key", 128)
        counter = [0, 0, 0, 0] if counter is None else _int_to_words(counter, "counter", 256)
        self._own(_random._bitgen("Philox", counter + key))

    @property
    def state(self):
        counter, key, buffer, pos, has, u = self._rng._get_state()
        return {"bit_generator": "Philox",
                "state": {"counter": np.array(counter, dtype=np.uint64), "key": np.array(key, dtype=np.uint64)},
                "buffer": np.array(buffer, dtype=np.uint64), "buffer_pos": pos, "has_uint32": int(has),
                "uinteger": u}

    @state.setter
    def state(self, value):
        self._check_state(value, "PRNG")
        self._rng._set_philox(_uint64_list(value["state"]["counter"]), _uint64_list(value["state"]["key"]),
                              _uint64_list(value["buffer"]), int(value["buffer_pos"]), bool(value["has_uint32"]),
                              int(value["uinteger"]))

    def advance(self, delta):
        d = int(delta) % (1 << 256)
        self._rng._advance(d >> 64 & _M64, d & _M64, [d >> 128 & _M64, d >> 192 & _M64])
        return self

    def jumped(self, jumps=1):
        bg = Philox()
        bg.state = self.state
        return bg.advance(int(jumps) << 128)

    def __repr__(self):
        return "<numpy.random._philox.Philox object at {:#x}>".format(id(self))


class SFC64(BitGenerator):
    """Chris Doty-Humphrey's Small Fast Chaotic generator."""

    _name = "SFC64"

    def __init__(self, seed=None):
        BitGenerator.__init__(self, seed)
        self._own(_random._bitgen("SFC64", _uint64_list(self._seed_seq.generate_state(3, np.uint64))))

    @property
    def state(self):
        s, has, u = self._rng._get_state()
        return {"bit_generator": "SFC64", "state": {"state": np.array(s, dtype=np.uint64)}, "has_uint32": int(has),
                "uinteger": u}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict):
            raise TypeError("state must be a dict")
        if value.get("bit_generator", "") != "SFC64":
            # NumPy 2.x's message, unformatted as it is there.
            raise ValueError("state must be for a {self.__class__.__name__} RNG")
        self._rng._set_sfc64(_uint64_list(value["state"]["state"]), bool(value["has_uint32"]),
                             int(value["uinteger"]))

    def __repr__(self):
        return "<numpy.random._sfc64.SFC64 object at {:#x}>".format(id(self))


for _c in (MT19937, PCG64DXSM, Philox, SFC64):
    setattr(_random, _c.__name__, _c)
