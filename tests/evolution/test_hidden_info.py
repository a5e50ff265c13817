"""What a player could not see at the table never reaches its observation: other hands,
other face-down food cards and traits, the deck order and the Flight reserve."""
import numpy as np
import pytest

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.data import CLASS_KIND, IS_EVENT_KIND, FLIGHT_CLASS


def positions(players, seed, every=9):
    """Positions from one random game (every `every` steps)."""
    return walk(make_engine(players), seed, every)


def walk(engine, seed, every):
    """(engine, a copy of the state) every `every` steps of one game of random legal moves of
    any game's engine."""
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    k = 0
    while engine.to_move(state) >= 0:
        if k % every == 0:
            yield engine, state.copy()
        checked_step(engine, state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
        k += 1


def swap_hidden_cards(state, viewer, rng):
    """Exchange cards other seats hold in secret with deck cards, keeping every count the
    viewer can see (hand sizes, numbers of face-down traits); shuffle deck and reserve."""
    st = state[0]
    n = int(st["n_players"])
    deck = st["deck"][: st["deck_n"]]
    changed = False
    for p in range(n):
        if p == viewer:
            continue
        for c in np.flatnonzero(st["hand"][p]):
            if deck.size:
                i = rng.integers(deck.size)
                if deck[i] != c:
                    st["hand"][p, c] -= 1
                    st["hand"][p, deck[i]] += 1
                    deck[i] = c
                    changed = True
        fc = st["food_card"][p]
        if fc >= 0 and deck.size:
            i = rng.integers(deck.size)
            st["food_card"][p], deck[i] = deck[i], fc
            changed = changed or deck[i] != st["food_card"][p]
        for s in range(int(st["n_species"][p])):
            for k in range(3):
                c = st["traits"][p, s, k]
                if c < 0 or not st["hidden"][p, s, k]:
                    continue
                kinds = {int(CLASS_KIND[x]) for x in st["traits"][p, s] if x >= 0}
                for i in range(deck.size):
                    d = deck[i]
                    if (not IS_EVENT_KIND[CLASS_KIND[d]] and d != FLIGHT_CLASS
                            and int(CLASS_KIND[d]) not in kinds):
                        st["traits"][p, s, k], deck[i] = d, c
                        changed = True
                        break
    rng.shuffle(deck)
    rng.shuffle(st["reserve"][: st["reserve_n"]])
    return changed


@pytest.mark.parametrize("players", [2, 4, 6])
def test_observation_ignores_what_the_viewer_cannot_see(players):
    rng = np.random.default_rng(players)
    changed_any = 0
    for engine, state in positions(players, seed=players):
        for viewer in range(players):
            before = engine.observe(state, viewer)
            other = state.copy()
            changed_any += swap_hidden_cards(other, viewer, rng)
            assert np.array_equal(before, engine.observe(other, viewer))
    assert changed_any > 20


def test_own_hand_and_own_face_down_traits_are_seen():
    engine = make_engine(3)
    state = engine.new_state(1)
    before = engine.observe(state, 0)
    other = state.copy()
    st = other[0]
    c = int(np.flatnonzero(st["hand"][0])[0])
    d = int(st["deck"][st["deck_n"] - 1])
    if c != d:
        st["hand"][0, c] -= 1
        st["hand"][0, d] += 1
        assert not np.array_equal(before, engine.observe(other, 0))
    # a different face-down trait on the viewer's own species changes its observation
    # (and only the viewer's: seat 1 sees one face-down card either way)
    st["traits"][0, 0, 0], st["hidden"][0, 0, 0] = 20, 1
    seen_by_owner, seen_by_other = engine.observe(other, 0), engine.observe(other, 1)
    st["traits"][0, 0, 0] = 0
    assert not np.array_equal(seen_by_owner, engine.observe(other, 0))
    assert np.array_equal(seen_by_other, engine.observe(other, 1))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_resample_depends_only_on_what_the_seat_sees(players):
    from speciesgym.envs.evolution.resample import resample
    from tests.evolution.invariants import check_invariants
    rng = np.random.default_rng(players + 100)
    checked = 0
    for engine, state in positions(players, seed=players + 7, every=5):
        seat = engine.to_move(state)
        other = state.copy()
        swap_hidden_cards(other, seat, rng)
        a = resample(state, seat, np.random.default_rng(checked))
        b = resample(other, seat, np.random.default_rng(checked))
        assert a.tobytes() == b.tobytes()
        check_invariants(a[0])
        assert np.array_equal(engine.observe(a, seat), engine.observe(state, seat))
        # the sampled game can be played on
        legal = np.flatnonzero(engine.legal_mask(a))
        assert legal.size > 0
        checked += 1
    assert checked > 20


def test_resample_refuses_a_seat_not_to_move():
    from speciesgym.envs.evolution.resample import resample
    engine = make_engine(3)
    state = engine.new_state(0)
    with pytest.raises(ValueError, match="not the player to move"):
        resample(state, (engine.to_move(state) + 1) % 3, np.random.default_rng(0))


def test_a_seat_view_of_the_table_hides_others_secrets():
    from speciesgym.envs.evolution.scenario import load_scenario
    from tests.evolution.helpers import seat, sp
    engine, state = load_scenario({"players": 2, "phase": "play", "turn": 0, "seats": [
        seat(hand=["Long Neck:9"], species=[sp(traits=["Horns"], face_down=[0])]),
        seat(hand=["Fertile:7"], species=[sp(traits=["Climbing"], face_down=[0])]),
    ]})
    mine = engine.render_text(state, viewer=0)
    assert "Long Neck (9)" in mine and "(Horns)" in mine
    assert "Fertile" not in mine and "Climbing" not in mine and "(face-down card)" in mine
    spectator = engine.render_text(state)               # the table: no face-down trait
    assert "Climbing" not in spectator and "Horns" not in spectator
    assert spectator.count("(face-down card)") == 2 and "Long Neck" not in spectator
    everything = engine.render_text(state, reveal=True)
    assert "(Climbing)" in everything and "(Horns)" in everything
    with pytest.raises(ValueError, match="viewer must be None"):
        engine.render_text(state, viewer=2)
