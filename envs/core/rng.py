"""The random generator that lives inside each game's state record.

Every state record carries a field `rng` (uint64, never zero): an xorshift64* word. All
randomness of a game comes from these kernels, so the same seed gives the same game bit for
bit, alone or in a batch, and a copied state continues exactly like the original.
"""
import numpy as np

from speciesgym.envs.core.kernel import rule_kernel

_MULT = np.uint64(0x2545F4914F6CDD1D)
_S12 = np.uint64(12)
_S25 = np.uint64(25)
_S27 = np.uint64(27)
_S32 = np.uint64(32)


# The record of a generator of its own (an agent's picker, a search's word): one word and a
# marker field. The marker keeps every game state record from being a width-subtype of it:
# with a one-field record, numba would reuse a kernel compiled for it on a state record and
# warn (NumbaExperimentalFeatureWarning); now each record type gets its own specialisation.
WORD_DTYPE = np.dtype([("rng", np.uint64), ("own_word", np.uint8)])


def new_word(seed):
    """A (1,) generator record of WORD_DTYPE seeded by `seed`."""
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = seed_word(int(seed))
    return word


def seed_word(seed: int) -> np.uint64:
    """A non-zero 64-bit generator word from any Python int (splitmix64 finaliser)."""
    if seed is None or not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, got {seed!r}")
    z = (int(seed) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return np.uint64(z or 0x9E3779B97F4A7C15)


@rule_kernel
def rng_next(st):
    """Advance the record's generator; return 32 good random bits as an int64."""
    x = st.rng
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    st.rng = x
    return np.int64((x * _MULT) >> _S32)


@rule_kernel
def handed_on(word):
    """Advance the generator record `word` once and return its word made odd (never 0): the
    generator of a state that a determinisation drawn from `word` takes over."""
    rng_next(word)
    return word.rng | np.uint64(1)


@rule_kernel
def rng_below(st, n):
    """A uniform integer in [0, n) for 0 < n < 2**31 (rejection sampling, no bias)."""
    limit = (np.int64(1) << 32) - ((np.int64(1) << 32) % n)
    r = rng_next(st)
    while r >= limit:
        r = rng_next(st)
    return r % n


@rule_kernel
def random_legal(mask, st):
    """A uniformly random legal action of `mask` (-1 if none), drawn from st's generator (a
    state record's or an agent's own word); nothing is drawn when no action is legal."""
    n = 0
    for i in range(mask.shape[0]):
        n += mask[i]
    if n == 0:
        return -1
    k = rng_below(st, n)
    for i in range(mask.shape[0]):
        if mask[i]:
            if k == 0:
                return i
            k -= 1
    return -1


@rule_kernel
def shuffle_prefix(st, arr, n):
    """Fisher-Yates shuffle of arr[0:n] in place, drawing from the record's generator."""
    for i in range(n - 1, 0, -1):
        j = rng_below(st, i + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp
