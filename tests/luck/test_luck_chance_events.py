"""The chance-event API of both engines: at every draw of a random game the listed outcomes
are the pile's or bag's contents with probabilities summing to 1, and a copy whose unseen
order (deck order, generator word) was scrambled, once forced to the outcomes that happened,
steps into the same game (EVO-DEAL-02, EVO-DEAL-05, DS-SET-08, DS-RESET-03, DS-RESET-07);
reading the draws off the word refuses a reset, which refills the bag first (DS-RESET-05)."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species import chance as ds_chance
from speciesgym.envs.dominant_species.engine import DominantSpeciesEngine
from speciesgym.envs.evolution import chance as evo_chance
from speciesgym.envs.evolution.engine import EvolutionEngine


def _random_game(engine, seed, max_steps=3000):
    """Yield (state before, action) along one random-vs-random game."""
    rng = np.random.default_rng(seed)
    state = engine.new_state(seed)
    for _ in range(max_steps):
        if engine.to_move(state) < 0:
            return
        action = int(rng.choice(np.flatnonzero(engine.legal_mask(state))))
        yield state.copy(), action
        engine.apply(state, action)


def _same_but(a, b, skip):
    for name in a.dtype.names:
        if name not in skip:
            assert np.array_equal(a[0][name], b[0][name]), name


def test_luck_evolution_draw_outcomes_are_the_pile():
    state = EvolutionEngine(2, True).new_state(3)
    n = int(state[0]["deck_n"])
    for k in (0, 1, 5):
        vals, probs = evo_chance.draw_outcomes(state, k)
        assert probs.sum() == pytest.approx(1.0, abs=1e-12)
        counts = np.bincount(state["deck"][0][:n - k], minlength=vals.max() + 1)
        assert np.allclose(probs, counts[vals] / (n - k))
        assert evo_chance.drawn_class(state, k) in vals
    with pytest.raises(ValueError):
        evo_chance.draw_outcomes(state, n)
    before = state.copy()
    with pytest.raises(ValueError):
        evo_chance.force_draw(state, 0, 10_000)
    assert state.tobytes() == before.tobytes()


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_luck_evolution_forced_draws_reproduce_the_game(players, seed):
    engine = EvolutionEngine(players, True)
    shuffler = np.random.default_rng(seed + 100)
    checked = 0
    for state, action in _random_game(engine, seed):
        after = state.copy()
        engine.apply(after, action)
        n0, n1 = int(state[0]["deck_n"]), int(after[0]["deck_n"])
        if n1 > n0 or n0 == n1:            # a refill shuffle, or no draw: nothing to force
            continue
        other = state.copy()
        shuffler.shuffle(other["deck"][0][:n0])
        for k in range(n0 - n1):
            vals, probs = evo_chance.draw_outcomes(other, k)
            assert probs.sum() == pytest.approx(1.0, abs=1e-12)
            evo_chance.force_draw(other, k, evo_chance.drawn_class(state, k))
        engine.apply(other, action)
        _same_but(after, other, skip=("deck",))
        checked += 1
    assert checked >= 3


def test_luck_dominant_species_card_and_bag_outcomes():
    state = DominantSpeciesEngine(2).new_state(5)
    vals, probs = ds_chance.card_outcomes(state, 0)
    assert probs.sum() == pytest.approx(1.0, abs=1e-12)
    assert ds_chance.ICE_AGE not in vals          # the Ice Age card stays at the bottom
    elems, p = ds_chance.bag_outcomes(state)
    bag = state["bag"][0]
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.allclose(p, bag[elems] / bag.sum())
    drawn = ds_chance.next_bag_draws(state, 2)
    word = int(state[0]["rng"])
    ds_chance.force_bag(state, drawn)             # what happens anyway: the word is kept
    assert int(state[0]["rng"]) == word
    e2, p2 = ds_chance.bag_outcomes(state, drawn[:1])
    assert p2.sum() == pytest.approx(1.0, abs=1e-12)
    with pytest.raises(ValueError):
        ds_chance.bag_outcomes(state, [7])


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22)])
def test_luck_dominant_species_forced_outcomes_reproduce_the_game(players, seed):
    engine = DominantSpeciesEngine(players)
    shuffler = np.random.default_rng(seed + 100)
    cards = bags = refused = 0
    for state, action in _random_game(engine, seed):
        after = state.copy()
        engine.apply(after, action)
        n_cards = int(after[0]["deck_ptr"]) - int(state[0]["deck_ptr"])
        ptr, length = int(state[0]["deck_ptr"]), int(state[0]["deck_len"])
        if n_cards:                                # scrambled deck, forced cards
            other = state.copy()
            shuffler.shuffle(other["deck"][0][ptr:length - 1])
            for k in range(n_cards):
                vals, probs = ds_chance.card_outcomes(other, k)
                assert probs.sum() == pytest.approx(1.0, abs=1e-12)
                ds_chance.force_card(other, k, int(state["deck"][0][ptr + k]))
            engine.apply(other, action)
            _same_but(after, other, skip=("deck",))
            cards += n_cards
        if ds_chance.bag_drawn(state, after):      # scrambled word, forced bag draws
            drawn = list(ds_chance.next_bag_draws(state, 3))
            other = state.copy()
            other[0]["rng"] = np.uint64(shuffler.integers(1, 2**63))
            ds_chance.force_bag(other, drawn)
            assert list(ds_chance.next_bag_draws(other, 3)) == drawn
            try:                                   # a reset refills the bag first
                ds_chance.bag_draws_in_step(state, after)
            except ValueError:
                refused += 1
            bags += 1
    assert cards >= 1 and bags >= 1 and refused >= 1
