"""training/ppo/value_codes.py: observations held as uint16 codes come back bit for bit, and a store
that runs out of codes goes on in float32 with nothing lost."""
import numpy as np
import pytest

from speciesgym.training.ppo import imitation
from speciesgym.training.ppo.imitation import Demonstrations, collect
from speciesgym.training.ppo.value_codes import ValueCodes

SPECIALS = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1e-45, 0.2, -1.74, 3.0],
                    np.float32)


def bits(a):
    return np.ascontiguousarray(a, np.float32).view(np.uint32)


def test_codes_decode_to_the_same_bits_and_never_renumber():
    table = ValueCodes()
    first = table.encode(SPECIALS)
    assert first.dtype == np.uint16 and len(table) == len(SPECIALS)   # -0.0 is not 0.0
    assert np.array_equal(bits(table.decode(first)), bits(SPECIALS))
    rng = np.random.default_rng(0)
    more = rng.choice(np.float32([0.5, 0.25, -3.0, 0.2]), size=(50, 40)).astype(np.float32)
    codes = np.stack([table.encode(row) for row in more])
    assert len(table) == len(SPECIALS) + 3                              # 0.2 was known
    assert np.array_equal(bits(table.decode(codes)), bits(more))
    assert np.array_equal(table.encode(SPECIALS), first)                # old codes unchanged


def test_a_full_table_refuses_and_stays_as_it_was(monkeypatch):
    monkeypatch.setattr(ValueCodes, "LIMIT", 4)
    table = ValueCodes()
    codes = table.encode(np.float32([1, 2, 3]))
    assert table.encode(np.float32([1, 4, 5])) is None and len(table) == 3
    assert np.array_equal(table.encode(np.float32([3, 1, 4])), [2, 0, 3])
    assert np.array_equal(table.decode(codes), [1, 2, 3])


def test_demonstrations_hold_codes_and_give_back_float32_rows():
    coded = collect("dominant_species", 2, ["heuristic:dominator"], games=2, seed=5)
    assert coded._blocks[0][0].dtype == np.uint16                      # half the bytes
    obs = coded.observations
    assert obs.dtype == np.float32 and len(coded._codes) < 2000
    engine = imitation.make_game_engine("dominant_species", 2, None)
    assert obs.shape == (len(coded), engine.obs_size)


class UnsetRowsHoldNoCode:
    """numpy for training.ppo.imitation, except that the rows of a new block of codes hold the
    largest code, which no table has: reading a row before it is set fails."""
    def __getattr__(self, name):
        return getattr(np, name)

    @staticmethod
    def empty(shape, dtype=float):
        out = np.empty(shape, dtype)
        if np.dtype(dtype) == np.uint16:
            out[...] = np.iinfo(np.uint16).max
        return out


def test_running_out_of_codes_keeps_every_row(monkeypatch):
    reference = collect("dominant_species", 2, ["heuristic:dominator"], games=2, seed=5)
    n_values = len(reference._codes)
    monkeypatch.setattr(imitation, "np", UnsetRowsHoldNoCode())
    monkeypatch.setattr(Demonstrations, "BLOCK", 64)
    monkeypatch.setattr(ValueCodes, "LIMIT", n_values - 5)      # runs out part of the way
    spilled = collect("dominant_species", 2, ["heuristic:dominator"], games=2, seed=5)
    assert spilled._codes is None and len(spilled._blocks) > 2
    assert all(block[0].dtype == np.float32 for block in spilled._blocks)
    assert np.array_equal(bits(spilled.observations), bits(reference.observations))
    assert np.array_equal(spilled.actions, reference.actions)
    rows = np.random.default_rng(1).permutation(len(spilled))[:90]
    assert np.array_equal(bits(spilled.take(rows)[0]), bits(reference.observations[rows]))


def test_coded_rows_equal_rows_held_as_float32(monkeypatch):
    """Evolution's observations (fractions among the counts) through the codes against the
    same games held as float32 from the first row (a table that allows no value)."""
    coded = collect("evolution", 2, ["heuristic:flyer"], games=2, seed=2)
    monkeypatch.setattr(ValueCodes, "LIMIT", 0)
    plain = collect("evolution", 2, ["heuristic:flyer"], games=2, seed=2)
    assert coded._blocks[0][0].dtype == np.uint16 and plain._blocks[0][0].dtype == np.float32
    assert np.array_equal(bits(coded.observations), bits(plain.observations))
    assert np.array_equal(coded.masks, plain.masks)
    assert np.array_equal(coded.returns, plain.returns)


if __name__ == "__main__":
    pytest.main([__file__])
