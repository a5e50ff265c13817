"""A chance term of a real game has conditional mean zero exactly, for every value kind:
the values of the children of a draw depend on the pile's contents and the outcome, never on
the pile's unseen order, so over the true law of the draw the term averages to 0
(luck_correction.md section 3; EVO-DEAL-02, DS-RESET-03, DS-RESET-08). A redraw that is
skipped lets the value see the draws after it, and the check catches that (its power). The
same holds for a decision of a seat whose law is known (random, a heuristic's draw among its
best actions)."""
import numpy as np
import pytest

from speciesgym.agents.net.mlp import PolicyValueNet
from speciesgym.agents.runner import make_engine
from speciesgym.agents import from_spec
from speciesgym.envs.dominant_species.chance_tiles import unseen_cells
from speciesgym.training.luck import evaluate as ev
from speciesgym.training.luck.policies import known_law
from speciesgym.training.luck.sources import SOURCES, EvolutionPile
from speciesgym.training.luck.values import parse_value
from tests.luck.random_steps import first_step


def random_net(game, path, hidden=8, seed=0):
    """A net file of random weights (every input moves its value)."""
    engine = make_engine(game, 2)
    rng = np.random.default_rng(seed)
    sizes = [(engine.obs_size, hidden, 2), (hidden, engine.num_actions, 0), (hidden, 1, 0)]
    rows, offset = [], 0
    for n_in, n_out, act in sizes:
        rows.append((offset, offset + n_in * n_out, n_in, n_out, act))
        offset += n_in * n_out + n_out
    params = rng.normal(0, 1, offset).astype(np.float32)
    PolicyValueNet(params, np.array(rows, np.int64), game, 2, {}).save(path)
    return f"value:net:{path}"


def source_of(game, kind):
    return next(src for src in SOURCES[game] if src.kind == kind)


def draw_step(game, seed, min_draws, kind="card"):
    """(engine, state, action, contexts) of the first step of a random game with at least
    min_draws events of the source `kind`."""
    source = source_of(game, kind)
    engine, state, action, after = first_step(
        game, seed, lambda s, a: len(source.events(s, a)) >= min_draws)
    return engine, state, action, source.events(state, after)


def scramble(game, kind, state, ctx, rng):
    """Shuffle in place the order nobody has seen at the event `ctx` of a step."""
    if game == "evolution":
        rng.shuffle(state["deck"][0][:int(state[0]["deck_n"]) - ctx])
    elif kind == "card":
        ptr, length = int(state[0]["deck_ptr"]), int(state[0]["deck_len"])
        rng.shuffle(state["deck"][0][ptr + ctx:length - 1])
    else:
        _, flips, j = ctx
        cells = unseen_cells(state, flips[:j])
        tiles = [state["stack_tiles"][0][c] for c in cells]
        rng.shuffle(tiles)
        for c, t in zip(cells, tiles):
            state["stack_tiles"][0][c] = t


def sibling_values(game, kind, engine, state, action, ctx, value, outcomes, seed=0):
    """For each outcome a: the scrambled world where a is drawn (the unseen order shuffled),
    the values of the draw's children there and the term D that the draw gives."""
    rng = np.random.default_rng(seed)
    source = source_of(game, kind)
    out = []
    for a in outcomes:
        world = state.copy()
        scramble(game, kind, world, ctx, rng)
        source.force(world, ctx, int(a))
        kids = ev.pile_children(engine, source, world, action, ctx, stream=12345)[2]
        values = np.array([value(c, 0, stream=12345) for c in kids])
        d = ev.pile_term(engine, source, world, action, ctx, value, 0, stream=12345)
        out.append((int(a), values, d))
    return out


def specs(game, tmp_path):
    return [random_net(game, tmp_path / f"{game}.npz"), "value:search:2",
            "value:search:2:greedy"]


@pytest.mark.parametrize("game,kind,seed,k", [("evolution", "card", 4, 0),
                                              ("evolution", "card", 4, 1),
                                              ("dominant_species", "card", 6, 0),
                                              ("dominant_species", "tile", 6, 0),
                                              ("dominant_species", "tile", 3, 1)])
def test_luck_terms_of_real_draws_have_mean_zero_exactly(game, kind, seed, k, tmp_path):
    engine, state, action, events = draw_step(game, seed, k + 1, kind)
    source = source_of(game, kind)
    vals, probs = source.outcomes(state, events[k])
    assert probs.sum() == pytest.approx(1.0, abs=1e-12)
    picked = [vals[0], vals[-1], vals[len(vals) // 2], vals[0]]    # a repeat: another order
    for spec in specs(game, tmp_path):
        value = parse_value(spec, game, 2, {}, seed=1)
        found = sibling_values(game, kind, engine, state, action, events[k], value, picked)
        first = found[0][1]
        assert np.ptp(first) > 1e-6, spec                         # the draw matters
        for a, values, d in found:
            assert np.array_equal(values, first), (spec, a)        # not the unseen order
            i = list(vals).index(a)
            assert d == pytest.approx(values[i] - probs @ values, abs=1e-12), spec
        terms = first - probs @ first                              # D of each outcome
        assert probs @ terms == pytest.approx(0.0, abs=1e-12), spec


def test_luck_exact_check_catches_a_value_that_sees_later_draws(tmp_path, monkeypatch):
    engine, state, action, events = draw_step("evolution", 4, 3)
    value = parse_value(random_net("evolution", tmp_path / "n.npz"), "evolution", 2, {})
    monkeypatch.setattr(EvolutionPile, "redraw", lambda self, child, k, rng: None)
    a = source_of("evolution", "card").outcomes(state, 0)[0][0]
    found = sibling_values("evolution", "card", engine, state, action, 0, value, [a, a, a])
    assert any(not np.array_equal(values, found[0][1]) for _, values, _ in found)


def test_luck_decision_terms_do_not_see_the_unseen_order(tmp_path):
    engine, state, _, _ = draw_step("evolution", 4, 1)
    value = parse_value(random_net("evolution", tmp_path / "d.npz"), "evolution", 2, {})
    actions = known_law("random", "evolution", 2)(engine, state, engine.to_move(state))
    assert len(actions) > 1
    rng = np.random.default_rng(3)
    found = []
    for a in actions[:3]:
        world = state.copy()
        scramble("evolution", "card", world, 0, rng)
        found.append([ev.decision_term(engine, "evolution", world, actions, b, value, 0, 99)
                      for b in actions])
    assert np.allclose(found, found[0], atol=1e-12, rtol=0)
    assert np.mean(found[0]) == pytest.approx(0.0, abs=1e-12)   # uniform law: mean zero
    assert np.ptp(found[0]) > 1e-6


@pytest.mark.parametrize("game,spec", [("evolution", "heuristic:hunter"),
                                       ("dominant_species", "heuristic:spreader")])
def test_luck_heuristic_law_is_the_set_its_ties_are_drawn_from(game, spec):
    engine = make_engine(game, 2)
    law = known_law(spec, game, 2)
    agent = from_spec(spec, game, 2, seed=5)
    rng = np.random.default_rng(0)
    state = engine.new_state(8)
    sizes = []
    for _ in range(150):
        seat = engine.to_move(state)
        if seat < 0:
            break
        ties = law(engine, state, seat)
        picks = {agent.act(engine.observe(state, seat), engine.legal_mask(state))
                 for _ in range(6)}
        assert picks <= set(ties.tolist())
        sizes.append(len(ties))
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    assert max(sizes) > 1                       # some ties are drawn
    assert known_law("search:8", game, 2) is None


def test_luck_agents_playout_needs_compiled_twins():
    value = parse_value("value:search:2:agents", "evolution", 2, {})
    with pytest.raises(ValueError, match="bind a record first"):
        value(make_engine("evolution", 2).new_state(1), 0)
    with pytest.raises(ValueError, match="no compiled twin of agent 'search:8'"):
        value.bind({"agents": ["search:8", "random"]})
    value.bind({"agents": ["heuristic:hunter", "random"]})
    assert 0 <= value(make_engine("evolution", 2).new_state(1), 0, stream=5) <= 1
    with pytest.raises(ValueError, match="unknown playout 'nope'"):
        parse_value("value:search:2:nope", "evolution", 2, {})
