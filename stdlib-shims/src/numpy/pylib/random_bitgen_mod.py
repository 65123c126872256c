# `numpy.random.bit_generator`: the BitGenerator base, SeedSequence and
# SeedlessSeedSequence (the classes live in random_generator.py).

BitGenerator = np.random.BitGenerator
SeedSequence = np.random.SeedSequence


class ISeedSequence:
    """The interface of a seed sequence: `generate_state`."""

    def generate_state(self, n_words, dtype=np.uint32):
        raise NotImplementedError


class ISpawnableSeedSequence(ISeedSequence):
    """A seed sequence that can also `spawn`."""

    def spawn(self, n_children):
        raise NotImplementedError


class SeedlessSeedSequence(ISpawnableSeedSequence):
    """A seed sequence for bit generators that have no seed: it cannot
    generate state, and spawns more of itself."""

    def generate_state(self, n_words, dtype=np.uint32):
        raise NotImplementedError("seedless SeedSequences cannot generate state")

    def spawn(self, n_children):
        return [self] * n_children


SeedlessSequence = SeedlessSeedSequence
