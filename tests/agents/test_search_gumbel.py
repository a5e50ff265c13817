"""The net-guided search's Gumbel root (agents.search.gumbel, `root=gumbel`): the same
choices for a seed, every sampled action visited once the budget allows, the played action
among the survivors of Sequential Halving, the whole budget spent at the root, blind to
hidden information, the time budget from the measured rate, and the spec's errors."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.net.mlp import untrained
from speciesgym.agents.search.agent import SearchAgent, glue
from tests.agents.test_search import EVERY, FakeClock, assert_blind_to_hidden, decide, positions

GAMES = ["evolution", "dominant_species"]


def net(game, scale=1.0, seed=0):
    g = glue(game)
    return untrained(game, 2, g.OBS_SIZE, g.N_ACTIONS, (32,), seed=seed, scale=scale)


def cases(game, n=4, wide=1):
    """n positions of 2-player play whose mover has more than `wide` legal actions."""
    out = [(e, s) for e, s in positions(game, 2, seed=3, every=EVERY[game])
           if e.legal_mask(s).sum() > wide][:n]
    assert len(out) == n
    return out


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_search(game):
    guide = net(game)

    def run(seed):
        agent = SearchAgent(24, seed=seed, net=guide, root="gumbel", m=8)
        picks = []
        for e, s in cases(game):
            picks.append(decide(agent, e, s, e.to_move(s)))
            picks.append(agent.trees[game].sampled.tolist())
        return picks

    assert run(4) == run(4)
    assert run(4) != run(5)                     # the noise is the seed's: another one differs


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("n", [8, 40])
def test_uniform_net_visits_every_sampled_action(game, n):
    """With a uniform prior (logits 0) and n >= m, each of the m sampled actions (distinct,
    legal) has a visit, and no other root action has one; the root's visits are n."""
    agent = SearchAgent(n, seed=1, net=net(game, scale=0.0), root="gumbel", m=8)
    for e, s in cases(game, wide=7):
        decide(agent, e, s, e.to_move(s))
        tree = agent.trees[game]
        sampled = tree.sampled.tolist()
        actions, visits, _ = tree.root_stats()
        assert len(set(sampled)) == 8 and all(e.legal_mask(s)[a] for a in sampled)
        assert sorted(actions[visits > 0].tolist()) == sorted(sampled)
        assert visits.sum() == n == agent.last_simulations


@pytest.mark.parametrize("game", GAMES)
def test_played_action_is_a_survivor(game):
    """16 sampled actions, 4 rounds of halving: two survivors, the played one first; the
    survivors have at least as many visits as any eliminated action; pi' is a distribution
    over the legal actions."""
    agent = SearchAgent(64, seed=2, net=net(game), root="gumbel", m=16)
    for e, s in cases(game, 3, wide=15):
        played = decide(agent, e, s, e.to_move(s))
        tree = agent.trees[game]
        assert played == tree.gumbel_action == tree.survivors[0]
        assert len(tree.survivors) == 2 and set(tree.survivors) <= set(tree.sampled)
        actions, visits, _ = tree.root_stats()
        count = dict(zip(actions.tolist(), visits.tolist()))
        out = [count.get(a, 0) for a in tree.sampled if a not in tree.survivors]
        assert min(count[a] for a in tree.survivors) >= max(out)
        pi = tree.improved_policy()
        legal = e.legal_mask(s) > 0
        assert pi.sum() == pytest.approx(1.0) and (pi[legal] > 0).all() and (pi[~legal] == 0).all()


@pytest.mark.parametrize("game", GAMES)
def test_gumbel_search_never_reads_hidden_information(game):
    guide = net(game)
    assert_blind_to_hidden(game, lambda s: SearchAgent(24, depth=20, seed=s, net=guide,
                                                       root="gumbel", m=4), 5, 31, limit=5)


def test_time_budget_takes_the_rate_of_the_last_decision(monkeypatch):
    """The first decision spends m * ceil(log2 m) = 24 simulations; the CPU clock moves
    1/64 s between its two readings (24 * 64 = 1536 simulations a second), so the next one
    spends its 35 ms at that rate: int(1536 * 0.035) = 53."""
    import speciesgym.agents.search.agent as agent_module
    monkeypatch.setattr(agent_module, "CPU", FakeClock(1 / 64))
    agent = SearchAgent(ms=35, cpu=True, seed=0, net=net("evolution"), root="gumbel", m=8)
    done = []
    for e, s in cases("evolution", 2):
        decide(agent, e, s, e.to_move(s))
        done.append(agent.last_simulations)
    assert done == [24, 53]


def test_gumbel_spec_and_its_errors(tmp_path):
    path = tmp_path / "evo.npz"
    net("evolution").save(path)
    agent = from_spec(f"search:30:net={path}:root=gumbel:m=4", "evolution", 2)
    assert (agent.root, agent.m) == ("gumbel", 4)
    assert from_spec(f"search:30:net={path}", "evolution", 2).root == "puct"
    for bad in ("root=foo", "m=0", "m=x", "root="):
        with pytest.raises(ValueError, match=f"bad search option '{bad}'"):
            from_spec(f"search:30:net={path}:{bad}", "evolution", 2)
    with pytest.raises(ValueError, match="search option 'm=8' needs root=gumbel"):
        from_spec(f"search:30:net={path}:m=8", "evolution", 2)
    with pytest.raises(ValueError, match="search option 'root=gumbel' needs net="):
        from_spec("search:30:root=gumbel", "evolution", 2)
    for kw, msg in (({"root": "best"}, "root must be one of puct, gumbel"),
                    ({"m": 0}, "m must be an integer >= 1"),
                    ({"m": True}, "m must be an integer >= 1")):
        with pytest.raises(ValueError, match=msg):
            SearchAgent(30, net=path, **kw)
    with pytest.raises(ValueError, match="root='gumbel' needs a net"):
        SearchAgent(30, root="gumbel")
