"""Search agents reach hidden information only through InfoSet.sample, whose result
depends only on what the seat can see: two states that differ only in hidden information
give bit-identical samples for the same rng (both games)."""
import numpy as np
import pytest

from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.resample import resample as ds_resample
from tests.dominant_species.helpers import check_invariants as ds_invariants
from tests.evolution.test_hidden_info import swap_hidden_cards, walk


def positions(game, players, seed, every):
    return walk(make_engine(game, players), seed, every)


def hide_differently(game, state, seat, rng):
    """A copy of state that differs only in what `seat` cannot see."""
    other = state.copy()
    if game == "evolution":
        swap_hidden_cards(other, seat, rng)
        other[0]["rng"] = np.uint64(rng.integers(1, 2**63))
    else:
        shuffle_ds_hidden(other, rng)
    return other


def shuffle_ds_hidden(state, rng):
    """Reorder the dominance deck (Ice Age stays at the bottom), move face-down terrain tiles
    between the stacks (each stack keeps its size), and change the generator word."""
    st = state[0]
    lo, hi = int(st["deck_ptr"]), int(st["deck_len"])
    top = hi - 1 if hi > lo and st["deck"][hi - 1] == D.C_ICE_AGE else hi
    deck = st["deck"][lo:top].copy()
    rng.shuffle(deck)
    st["deck"][lo:top] = deck
    hidden = [(s, i) for s in range(D.N_STACKS)
              for i in range(int(st["stack_next"][s]), D.STACK_SIZE)]
    tiles = np.array([st["stack_tiles"][s, i] for s, i in hidden], np.int8)
    rng.shuffle(tiles)
    for (s, i), t in zip(hidden, tiles):
        st["stack_tiles"][s, i] = t
    st["rng"] = np.uint64(rng.integers(1, 2**63))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ds_resample_depends_only_on_what_the_seat_sees(players):
    rng = np.random.default_rng(players)
    checked = changed = 0
    for engine, state in positions("dominant_species", players, seed=players + 3, every=40):
        seat = engine.to_move(state)
        other = state.copy()
        shuffle_ds_hidden(other, rng)
        changed += other.tobytes() != state.tobytes()
        a = ds_resample(state, seat, np.random.default_rng(checked))
        b = ds_resample(other, seat, np.random.default_rng(checked))
        assert a.tobytes() == b.tobytes()
        for p in range(players):
            assert np.array_equal(engine.observe(a, p), engine.observe(state, p))
        ds_invariants(engine, a)
        assert engine.legal_mask(a).sum() > 0
        # the sample goes on like a game: play a few random steps on it
        for _ in range(5):
            if engine.to_move(a) < 0:
                break
            checked_step(engine, a, int(rng.choice(np.flatnonzero(engine.legal_mask(a)))))
        checked += 1
    assert checked > 10 and changed > 10


def test_ds_resample_draws_new_hidden_orders():
    engine = make_engine("dominant_species", 4)
    state = engine.new_state(5)
    seat = engine.to_move(state)
    decks = {ds_resample(state, seat, np.random.default_rng(i))[0]["deck"].tobytes()
             for i in range(10)}
    assert len(decks) > 5
    sample = ds_resample(state, seat, np.random.default_rng(0))[0]
    assert sample["deck"][D.N_CARDS - 1] == D.C_ICE_AGE


def test_ds_resample_refuses_a_seat_not_to_move():
    engine = make_engine("dominant_species", 3)
    state = engine.new_state(0)
    with pytest.raises(ValueError, match="not the player to move"):
        ds_resample(state, (engine.to_move(state) + 1) % 3, np.random.default_rng(0))


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_infoset_samples_ignore_hidden_information(game):
    rng = np.random.default_rng(1)
    checked = 0
    for engine, state in positions(game, 3, seed=11, every=25 if game == "evolution" else 90):
        seat = engine.to_move(state)
        other = hide_differently(game, state, seat, rng)
        a = InfoSet(engine, state, seat).sample(np.random.default_rng(checked))
        b = InfoSet(engine, other, seat).sample(np.random.default_rng(checked))
        assert a.tobytes() == b.tobytes()
        assert np.array_equal(engine.observe(a, seat), engine.observe(state, seat))
        checked += 1
    assert checked > 5


def test_infoset_exposes_only_sample_and_engine():
    engine = make_engine("evolution", 3)
    state = engine.new_state(0)
    info = InfoSet(engine, state, engine.to_move(state))
    public = {n for n in dir(info) if not n.startswith("_")}
    assert public == {"engine", "seat", "sample"}
    before = state.tobytes()
    sample = info.sample(np.random.default_rng(0))
    sample[0]["round"] = 7
    assert state.tobytes() == before


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_mcts_choice_ignores_hidden_information(game):
    """The search agent decides the same in two worlds its seat cannot tell apart."""
    from speciesgym.agents.mcts import MCTSAgent
    rng = np.random.default_rng(2)
    checked = 0
    for engine, state in positions(game, 3, seed=21, every=30 if game == "evolution" else 150):
        seat = engine.to_move(state)
        if engine.legal_mask(state).sum() < 2:
            continue
        other = hide_differently(game, state, seat, rng)
        obs, mask = engine.observe(state, seat), engine.legal_mask(state)
        assert np.array_equal(obs, engine.observe(other, seat))
        a = MCTSAgent(6, seed=checked).act(obs, mask, InfoSet(engine, state, seat))
        b = MCTSAgent(6, seed=checked).act(obs, mask, InfoSet(engine, other, seat))
        assert a == b
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_a_sample_into_a_reused_buffer_equals_a_fresh_sample(game):
    """InfoSet.sample(rng, out=buf) copies through a byte view into buf and
    gives bit for bit the sample a fresh copy gives for the same draw; a buffer of another
    shape is refused and left unchanged."""
    buf = None
    for engine, state in positions(game, 3, 7, 9):
        seat = engine.to_move(state)
        infoset = InfoSet(engine, state, seat)
        fresh = infoset.sample(np.random.default_rng(11))
        again = infoset.sample(np.random.default_rng(11), out=buf)
        assert buf is None or again is buf
        assert again.tobytes() == fresh.tobytes()
        buf = again
    wrong = np.zeros(2, state.dtype)
    with pytest.raises(ValueError, match="dtype/shape"):
        infoset.sample(np.random.default_rng(0), out=wrong)
    assert not wrong.view(np.uint8).any()
