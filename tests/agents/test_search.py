"""The compiled search (agents.search): legal moves only, blind to what the mover cannot see,
deterministic for a seed, stronger with more simulations; its specs and bad input."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.runner import make_engine, play_match
from speciesgym.agents.search.agent import SearchAgent, Tree, glue
from speciesgym.envs.core.rng import WORD_DTYPE
from tests.agents.test_infoset import hide_differently, positions
from tests.agents.test_strength import binomial_tail

GAMES = ["evolution", "dominant_species"]
EVERY = {"evolution": 23, "dominant_species": 97}


def decide(agent, engine, state, seat):
    return agent.act(engine.observe(state, seat), engine.legal_mask(state),
                     InfoSet(engine, state, seat))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_search_plays_only_legal_actions(game, players):
    checked = 0
    for engine, state in positions(game, players, seed=players, every=EVERY[game]):
        seat = engine.to_move(state)
        mask = engine.legal_mask(state)
        for agent in (SearchAgent(12, policy="random", prior=False, seed=checked),
                      SearchAgent(12, depth=30, seed=checked)):
            assert mask[decide(agent, engine, state, seat)] == 1
        checked += 1
    assert checked >= 8


def assert_blind_to_hidden(game, make, rng_seed, seed, limit=None):
    """Two states that differ only in what the mover cannot see: the same action and the
    same search tree from make(seed) agents; another seed grows another tree (so the
    comparison could fail). `limit`: stop after that many positions."""
    rng = np.random.default_rng(rng_seed)
    checked = differs = 0
    for engine, state in positions(game, 3, seed=seed, every=EVERY[game]):
        seat = engine.to_move(state)
        if engine.legal_mask(state).sum() < 2:
            continue
        other = hide_differently(game, state, seat, rng)
        assert other.tobytes() != state.tobytes()
        a, b, c = (make(s) for s in (checked, checked, checked + 1))
        assert decide(a, engine, state, seat) == decide(b, engine, other, seat)
        stats_a = a.trees[game].root_stats()
        stats_b = b.trees[game].root_stats()
        for x, y in zip(stats_a, stats_b):
            assert np.array_equal(x, y)
        decide(c, engine, state, seat)
        differs += not np.array_equal(stats_a[1], c.trees[game].root_stats()[1])
        checked += 1
        if checked == limit:
            break
    assert checked >= 5 and differs >= 1


@pytest.mark.parametrize("game", GAMES)
def test_search_never_reads_hidden_information(game):
    assert_blind_to_hidden(game, lambda s: SearchAgent(40, depth=40, seed=s), 5, 31)


@pytest.mark.parametrize("game", GAMES)
def test_search_is_deterministic_for_a_seed(game):
    cases = [(e, s) for e, s in positions(game, 2, seed=3, every=EVERY[game])
             if e.legal_mask(s).sum() > 1][:6]

    def run():
        agent = SearchAgent(30, seed=9)
        return [decide(agent, e, s, e.to_move(s)) for e, s in cases]

    assert len(cases) == 6 and run() == run()


def test_tree_grown_in_chunks_matches_one_tree():
    """Growing the arrays between chunks keeps the tree: 4 chunks of 10 simulations from a
    tree of capacity 2 give the tree of 40 simulations at once."""
    from speciesgym.agents.search.uct import simulate
    engine = make_engine("evolution", 2)
    state = engine.new_state(7)
    seat = engine.to_move(state)
    root = InfoSet(engine, state, seat).sample(np.random.default_rng(0))
    g = glue("evolution")
    args = (0.7, 0.2, 20, 20.0, 0, False, 1, False)
    trees = []
    for chunks in ([40], [10, 10, 10, 10]):
        tree = Tree(g.N_ACTIONS, 2)
        word = np.zeros(1, WORD_DTYPE)
        word[0]["rng"] = np.uint64(12345)
        for n in chunks:
            tree.room_for(n)
            simulate(root, np.zeros(1, root.dtype), seat, n, *tree.arrays(), word[0], *args)
        trees.append(tree)
    assert trees[0].meta[0] == trees[1].meta[0] > 10
    for x, y in zip(trees[0].root_stats(), trees[1].root_stats()):
        assert np.array_equal(x, y)


@pytest.mark.parametrize("game, strong, weak, depth, n, seed", [
    ("evolution", 32, 2, 20, 16, 300),
    ("dominant_species", 16, 1, 40, 8, 400)])
def test_more_simulations_beat_fewer(game, strong, weak, depth, n, seed):
    """More simulations against fewer (uniform rollouts capped at `depth` decisions, no
    prior: what search alone adds), seats rotating over a fixed list of seeds: deterministic,
    so it cannot flake; the one-sided binomial test rejects "as strong as each other" at 5%.
    (Measured: 15 of 16 and 8 of 8.)"""
    agents = [SearchAgent(n_sims, depth=depth, policy="random", prior=False, seed=seed)
              for n_sims, seed in ((strong, 1), (weak, 2))]
    res = play_match(game, 2, agents, n_games=n, seed=seed)
    wins = int(round(res.wins[0]))
    assert binomial_tail(wins, n, 0.5) < 0.05, res.summary()


def test_search_specs():
    agent = from_spec("search:250", "evolution", 2, seed=1)
    assert isinstance(agent, SearchAgent) and agent.simulations == 250
    assert agent.name == "search:250"
    agent = from_spec("search:200ms", "dominant_species", 4)
    assert agent.ms == 200 and agent.simulations is None and agent.name == "search:200ms"
    assert not agent.cpu
    agent = from_spec("search:150cpums", "evolution", 2)
    assert agent.ms == 150 and agent.cpu and agent.name == "search:150cpums"


@pytest.mark.parametrize("spec", ["search", "search:", "search:0", "search:-3", "search:abc",
                                  "search:0ms", "search:-5ms", "search:infms", "search:1e3",
                                  "search:ms", "search:cpums", "search:0cpums",
                                  "search:-1cpums", "search:200cpu"])
def test_bad_search_specs(spec):
    with pytest.raises(ValueError, match="search needs a positive number of simulations"):
        from_spec(spec, "evolution", 2)


def test_search_agent_bad_input():
    with pytest.raises(ValueError, match="either simulations or ms"):
        SearchAgent()
    with pytest.raises(ValueError, match="policy must be one of"):
        SearchAgent(10, policy="smart")
    with pytest.raises(ValueError, match="cpu=True needs a time budget"):
        SearchAgent(10, cpu=True)
    engine = make_engine("evolution", 2)
    state = engine.new_state(0)
    seat = engine.to_move(state)
    with pytest.raises(ValueError, match="needs an InfoSet"):
        SearchAgent(10).act(engine.observe(state, seat), engine.legal_mask(state))


def test_time_budget_plays_a_legal_move():
    engine = make_engine("dominant_species", 2)
    state = engine.new_state(1)
    seat = engine.to_move(state)
    agent = from_spec("search:5ms", "dominant_species", 2, seed=0)
    assert engine.legal_mask(state)[decide(agent, engine, state, seat)] == 1
    assert agent.last_simulations >= agent.chunk


class FakeClock:
    """A clock that advances `step` seconds each time it is read."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


@pytest.mark.parametrize("cpu", [False, True])
def test_time_budget_reads_the_chosen_clock(monkeypatch, cpu):
    """`cpums` stops by the process's CPU time, `ms` by wall time: the chosen clock moves
    10 ms a read, so a 35 ms budget allows 4 chunks; the other moves 1 s a read, and
    reading it would stop the search after one chunk."""
    import speciesgym.agents.search.agent as agent_module
    fast = FakeClock(1.0)
    ticking = FakeClock(0.010)
    monkeypatch.setattr(agent_module, "CPU", ticking if cpu else fast)
    monkeypatch.setattr(agent_module, "WALL", fast if cpu else ticking)
    engine = make_engine("evolution", 2)
    state = engine.new_state(3)
    while engine.legal_mask(state).sum() < 2:
        engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[0]))
    seat = engine.to_move(state)
    agent = SearchAgent(ms=35, cpu=cpu, chunk=4, seed=0)
    assert engine.legal_mask(state)[decide(agent, engine, state, seat)] == 1
    assert agent.last_simulations == 4 * 4
