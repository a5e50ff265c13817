"""Labels by successive halving (agents/search/label_halving.py): the simulations go to the
leading actions, every action keeps the values of the simulations it ran, and each run
equals the uniform labeller's wherever both ran an action."""
import numpy as np
import pytest

from speciesgym.agents.search.label import label_position
from speciesgym.agents.search.label_halving import halving_cost, label_halving
from tests.agents.test_infoset import positions
from tests.agents.test_search import hide_differently


def wide_positions(game, n, least=5, seed=9):
    """n positions whose mover has at least `least` legal actions (random play)."""
    found = [(e, s) for e, s in positions(game, 2, seed=seed, every=7)
             if e.to_move(s) >= 0 and e.legal_mask(s).sum() >= least]
    assert len(found) >= n
    return found[:: max(1, len(found) // n)][:n]


@pytest.mark.parametrize("tree", [False, True])
def test_the_leaders_get_the_simulations_and_match_the_uniform_labeller(tree):
    """Every action runs at least `start` times, exactly two run `sims` times, the others
    fewer; each action's simulations are the uniform labeller's first ones (same words), and
    the two left are the better half of every round by mean."""
    for engine, state in wide_positions("evolution", 3):
        seat = engine.to_move(state)
        full = label_position("evolution", state, seat, 16, seed=2, policy="mix", tree=tree)
        half = label_halving("evolution", state, seat, 2, 16, seed=2, policy="mix", tree=tree)
        assert np.array_equal(half.actions, full.actions)
        counts = half.counts
        assert counts.min() >= 2 and (counts == 16).sum() == 2
        assert (counts < 16).sum() == len(counts) - 2
        for j, k in enumerate(counts):
            assert np.array_equal(half.samples[j, :k], full.samples[j, :k])
            assert np.isnan(half.samples[j, k:]).all()
        first_round = np.nanmean(half.samples[:, :2], axis=1)
        dropped = counts == 2
        assert first_round[dropped].max() <= first_round[~dropped].min()
        if not tree:
            assert counts.sum() == halving_cost(len(counts), 2, 16)


def test_kept_action_survives_to_the_end():
    """keep: the action the first labelling found best is never dropped, even when it is
    the worst of the first round."""
    engine, state = wide_positions("evolution", 1)[0]
    seat = engine.to_move(state)
    plain = label_halving("evolution", state, seat, 2, 8, seed=5)
    worst = int(plain.actions[np.argmin(np.nanmean(plain.samples[:, :2], axis=1))])
    kept = label_halving("evolution", state, seat, 2, 8, seed=5, keep=worst)
    assert kept.counts[list(kept.actions).index(worst)] == 8
    assert (kept.counts == 8).sum() == 2


def test_bad_budgets_and_an_illegal_keep_are_refused():
    engine, state = wide_positions("evolution", 1)[0]
    seat = engine.to_move(state)
    with pytest.raises(ValueError, match=r"start \(8\) must not exceed sims \(4\)"):
        label_halving("evolution", state, seat, 8, 4, seed=0)
    with pytest.raises(ValueError, match="start must be a positive integer"):
        label_halving("evolution", state, seat, 0, 4, seed=0)
    illegal = int(np.flatnonzero(engine.legal_mask(state) == 0)[0])
    with pytest.raises(ValueError, match=f"keep={illegal} is not a legal action"):
        label_halving("evolution", state, seat, 2, 4, seed=0, keep=illegal)


def test_cost_counts_every_round():
    """16 actions, 16 then 32, 64 for the better halves, 512 for the last two."""
    assert halving_cost(16, 16, 512) == 16 * 16 + 8 * 16 + 4 * 32 + 2 * 448
    assert halving_cost(2, 16, 512) == 2 * 512
    assert halving_cost(5, 512, 512) == 5 * 512          # start = sims: uniform


def test_halving_labels_use_no_hidden_information():
    """Dominant Species placements: two states that differ only in what the mover cannot
    see give the same labels, tree and all."""
    rng = np.random.default_rng(5)
    for i, (engine, state) in enumerate(wide_positions("dominant_species", 2, least=6)):
        seat = engine.to_move(state)
        other = hide_differently("dominant_species", state, seat, rng)
        assert other.tobytes() != state.tobytes()
        a = label_halving("dominant_species", state, seat, 1, 4, seed=i, policy="mix",
                          tree=True)
        b = label_halving("dominant_species", other, seat, 1, 4, seed=i, policy="mix",
                          tree=True)
        assert np.array_equal(a.samples, b.samples, equal_nan=True)
