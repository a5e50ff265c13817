"""The element-bag draws of Dominant Species as chance events of the luck correction: a
step's bag draws are one event whose outcome is the generator word the step starts with
(DS-SET-08, DS-RESET-05, DS-RESET-07). Its children draw with the bag's own law, the child of
what happened is the game, and over the sampled outcomes the terms cancel exactly; recorded
games get bag terms, and terrain turns (DS-RESET-08) too."""
import numpy as np
import pytest

from speciesgym.agents.runner import make_engine
from speciesgym.envs.dominant_species import chance as ds_chance
from speciesgym.envs.dominant_species.chance_tiles import flipped_stacks
from speciesgym.envs.dominant_species.data import BOX_ABUNDANCE, BOX_ADAPTATION, BOX_WANDERLUST
from speciesgym.training.luck import evaluate as ev
from speciesgym.training.luck.sources import ElementBag, _redraw_deck, _redraw_tiles
from speciesgym.training.luck.values import parse_value
from tests.luck.test_luck_exact_terms import random_net
from tests.luck.test_luck_records import _record
from tests.luck.random_steps import first_step

GAME = "dominant_species"
BAG = ElementBag()
FILLED = (BOX_ADAPTATION, BOX_ABUNDANCE, BOX_WANDERLUST)


def reset_step(seed):
    """(engine, state, action, after) of the first reset of a random 2-seat game (a step
    that draws twelve elements into the three refilled boxes)."""
    return first_step(GAME, seed, lambda s, a: bool(ds_chance.bag_drawn(s, a))
                      and a["box"][0][list(FILLED)].sum() == 12)


def drawn_counts(state):
    return state["box"][0][list(FILLED)].sum(axis=0).astype(np.int64)


def test_luck_bag_children_draw_with_the_bags_law_and_the_happened_one_is_the_game():
    engine, state, action, after = reset_step(31)
    (ctx,) = BAG.events(state, after)
    happened = ev.word_child(engine, BAG, state, action, ctx, state[0]["rng"], stream=5)
    redrawn = {"deck", "stack_tiles", "stack_face"} if flipped_stacks(state, after) else \
        {"deck", "stack_tiles"}
    for name in after.dtype.names:
        if name not in redrawn:
            assert np.array_equal(after[0][name], happened[0][name]), name
    # the bag the reset draws from: what is left plus what went into the boxes
    source = after.copy()
    source["bag"][0] = after["bag"][0] + drawn_counts(after)
    assert not np.array_equal(source["bag"][0], state["bag"][0])     # refilled first
    elems, p = ds_chance.bag_outcomes(source)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    n_words, total = 400, int(source["bag"][0].sum())
    counts = np.array([drawn_counts(ev.word_child(engine, BAG, state, action, ctx, w, 5))
                       for w in ev.sample_words(9, n_words)])
    assert np.all(counts.sum(axis=1) == 12)
    sd = np.sqrt(12 * p * (1 - p) * (total - 12) / (total - 1) / n_words)
    assert np.all(np.abs(counts[:, elems].mean(axis=0) - 12 * p) < 5 * sd)
    assert np.ptp(counts[:, elems[0]]) > 0                            # the word decides


@pytest.mark.parametrize("spec", ["net", "value:search:2"])
def test_luck_bag_terms_cancel_exactly_over_their_outcomes(spec, tmp_path):
    engine, state, action, after = reset_step(32)
    (ctx,) = BAG.events(state, after)
    spec = random_net(GAME, tmp_path / "v.npz") if spec == "net" else spec
    value = parse_value(spec, GAME, 2, {}, seed=1)
    stream, n = 777, 5
    words = ev.sample_words(stream, n)
    rng = np.random.default_rng(3)
    terms, means = [], []
    for w in words:                         # the world where the step started with word w
        world = state.copy()
        _redraw_deck(world, ctx, rng)       # another unseen deck and tile order too
        _redraw_tiles(world, (), rng)
        world[0]["rng"] = w
        d = ev.word_term(engine, BAG, world, action, ctx, value, 0, stream, samples=n)
        kid = ev.word_child(engine, BAG, world, action, ctx, w, stream)
        terms.append(d)
        means.append(value(kid, 0, stream=stream) - d)
    assert np.ptp(means) < 1e-12            # the expectation ignores what happened
    assert np.mean(terms) == pytest.approx(0.0, abs=1e-12)
    assert np.ptp(terms) > 1e-6             # the draws matter to the value


def test_luck_recorded_game_gets_bag_and_tile_terms(tmp_path):
    rec = _record(8)
    value = parse_value(random_net(GAME, tmp_path / "v.npz"), GAME, 2, {}, seed=2)
    reward, luck, _ = ev.record_luck(rec, value, 0, samples=2)
    kinds = [label.rsplit("[", 1)[1].rstrip("]") for kind, label, _ in luck.terms]
    engine = make_engine(GAME, 2)
    state = engine.new_state(rec["seed"])
    bag_steps = 0
    for step in rec["actions"]:
        after = state.copy()
        engine.apply(after, step["action"])
        bag_steps += ds_chance.bag_drawn(state, after)
        state = after
    assert kinds.count("bag") == bag_steps > 0
    assert kinds.count("card") > 0 and kinds.count("tile") > 0
    assert any(d != 0.0 for kind, label, d in luck.terms if label.endswith("[bag]"))
    assert luck.adjusted(reward) == pytest.approx(reward - luck.total())
