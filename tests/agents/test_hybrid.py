"""`hybrid:<decisions>:<spec>|<base>` (agents.hybrid): the inner agent takes exactly the
decisions of the suite's kind, the base every other; the routing reads only what the mover
sees; its specs and bad input."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.base import Agent
from speciesgym.agents.hybrid import HybridAgent
from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.runner import make_engine, play_game
from speciesgym.envs.decision_kinds import decision_type
from tests.agents.test_infoset import positions
from tests.agents.test_search import hide_differently


class Recorder(Agent):
    """Plays uniformly at random and records the kind of each decision it was given (read
    from a determinisation of its InfoSet, as the hybrid does)."""

    wants_infoset = True

    def __init__(self, decisions, seed):
        self.decisions, self.rng, self.kinds = decisions, np.random.default_rng(seed), []

    def act(self, observation, action_mask, infoset=None):
        view = infoset.sample(np.random.default_rng(0))
        self.kinds.append(decision_type(self.decisions, view, action_mask))
        return int(self.rng.choice(np.flatnonzero(action_mask)))


@pytest.mark.parametrize("decisions", ["feeding", "evolve"])
def test_inner_agent_takes_exactly_its_kind_of_decision(decisions):
    """Over whole games the inner agent is asked only in its
    kind's decisions and the base only outside them, and both are asked."""
    inner, base = Recorder(decisions, 1), Recorder(decisions, 2)
    for seed in range(3):
        play_game("evolution", 2, [HybridAgent(decisions, inner, base, seed=0),
                                   from_spec("heuristic:grazer", "evolution", 2, seed=seed)],
                  seed=seed)
    assert inner.kinds and base.kinds
    assert all(k is not None for k in inner.kinds)
    assert all(k is None for k in base.kinds)


def test_hybrid_routing_is_blind_to_hidden_information():
    """Two states that differ only in what the mover cannot see: the same part chooses and
    the same action comes out (a deterministic inner search, a heuristic base)."""
    rng = np.random.default_rng(3)
    checked = routed = 0
    for engine, state in positions("evolution", 3, seed=11, every=7):
        seat = engine.to_move(state)
        mask = engine.legal_mask(state)
        if mask.sum() < 2:
            continue
        other = hide_differently("evolution", state, seat, rng)
        assert other.tobytes() != state.tobytes()
        picks = []
        for s in (state, other):
            agent = from_spec("hybrid:feeding:search:20|heuristic:hunter", "evolution", 3,
                              seed=checked)
            part = agent.chooser(mask, InfoSet(engine, s, seat))
            picks.append((part is agent.inner,
                          agent.act(engine.observe(s, seat), mask, InfoSet(engine, s, seat))))
        assert picks[0] == picks[1]
        routed += picks[0][0]
        checked += 1
    assert checked >= 5 and 0 < routed < checked


def test_hybrid_spec_builds_its_parts():
    agent = from_spec("hybrid:feeding:search:25|heuristic:flyer", "evolution", 2, seed=4)
    assert agent.decisions == "feeding" and agent.wants_infoset
    assert type(agent.inner).__name__ == "SearchAgent"
    assert type(agent.base).__name__ == "FlyerAgent"
    ds = from_spec("hybrid:dominance:random|heuristic:spreader", "dominant_species", 2)
    assert type(ds.base).__name__ == "SpreaderAgent"


@pytest.mark.parametrize("spec, message", [
    ("hybrid:feeding:search:25", "hybrid needs"),
    ("hybrid:feeding:|heuristic:flyer", "hybrid needs"),
    ("hybrid:eating:random|heuristic:flyer", "unknown kind of decisions 'eating'"),
    ("hybrid:dominance:random|heuristic:flyer", "dominant_species's, not evolution's"),
    ("hybrid:feeding:hybrid:evolve:random|random|heuristic:flyer", "cannot be hybrids"),
    ("hybrid:feeding:random|heuristic:spreader", "unknown heuristic style 'spreader'"),
])
def test_bad_hybrid_specs_are_named(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec, "evolution", 2)


def test_hybrid_without_infoset_is_refused():
    engine = make_engine("evolution", 2)
    state = engine.new_state(0)
    agent = from_spec("hybrid:feeding:random|random", "evolution", 2)
    with pytest.raises(ValueError, match="InfoSet"):
        agent.act(engine.observe(state, 0), engine.legal_mask(state))


def test_tournament_warms_both_parts_before_the_games():
    """The tournament's untimed first move (compiling kernels before any timed move) reaches
    the inner part too, which the game's first decision (not a feeding one) would not."""
    from speciesgym.training.tournament.run import first_move
    inner, base = Recorder("feeding", 1), Recorder("feeding", 2)
    first_move(HybridAgent("feeding", inner, base), "evolution", 2, {})
    assert len(inner.kinds) == 1 and len(base.kinds) == 2
