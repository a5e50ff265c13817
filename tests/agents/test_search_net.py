"""The search guided by a policy/value net (agents.search.uct_net, agents.net.mlp): the same
choices as before without a net, blind to hidden information with one (it reads the mover's
observation of each determinisation, which redeal draws from the observation alone), a net
of another game's sizes refused by name, the file format and the spec options."""
import numpy as np
import pytest
import torch

from speciesgym.agents import from_spec
from speciesgym.agents.net.mlp import load
from speciesgym.agents.runner import make_engine, play_match
from speciesgym.agents.search.agent import SearchAgent, glue
from speciesgym.training.exit.model import PolicyValueMLP, export
from tests.agents.test_search import EVERY, assert_blind_to_hidden, decide, positions

GAMES = ["evolution", "dominant_species"]
# search:30 with seed 9 on the first six positions with a choice of positions(game, 2, 3, ...),
# as the search played them before the net existed
BEFORE = {"evolution": [2, 198, 124, 198, 35, 2], "dominant_species": [26, 56, 0, 23, 0, 200]}


def make_net(game, seed=0, players=2):
    g = glue(game)
    torch.manual_seed(seed)
    model = PolicyValueMLP(g.OBS_SIZE, g.N_ACTIONS, (32, 32))
    engine = make_engine(game, players)
    state = engine.new_state(seed)
    return export(model, game, players, name=f"{game}-test",
                  check_obs=[engine.observe(state, engine.to_move(state))])


@pytest.mark.parametrize("game", GAMES)
def test_without_a_net_the_choices_are_unchanged(game):
    cases = [(e, s) for e, s in positions(game, 2, seed=3, every=EVERY[game])
             if e.legal_mask(s).sum() > 1][:6]
    agent = SearchAgent(30, seed=9)
    assert [decide(agent, e, s, e.to_move(s)) for e, s in cases] == BEFORE[game]


@pytest.mark.parametrize("game", GAMES)
def test_net_search_never_reads_hidden_information(game):
    net = make_net(game)
    assert_blind_to_hidden(game, lambda s: SearchAgent(40, depth=20, seed=s, net=net), 5, 31,
                           limit=8)


@pytest.mark.parametrize("game", GAMES)
def test_net_changes_the_search_and_plays_legal_games(game):
    """The prior steers the tree (other root visits than without the net, same seed), and a
    full game with net-guided search on every seat ends."""
    engine = make_engine(game, 2)
    state = engine.new_state(4)
    seat = engine.to_move(state)
    plain, guided = SearchAgent(60, seed=2), SearchAgent(60, seed=2, net=make_net(game))
    decide(plain, engine, state, seat)
    decide(guided, engine, state, seat)
    assert guided.trees[game].logits.shape[0] > 1 and plain.trees[game].logits.shape[0] == 1
    assert not np.array_equal(plain.trees[game].root_stats()[1], guided.trees[game].root_stats()[1])
    res = play_match(game, 2, [SearchAgent(8, seed=1, net=make_net(game), lam=0.0),
                               SearchAgent(8, seed=2)], n_games=1, seed=5)
    assert res.games == 1 and res.wins.sum() == pytest.approx(1.0)


def test_net_of_another_game_is_refused_by_name(tmp_path):
    path = tmp_path / "evo.npz"
    make_net("evolution").save(path)
    with pytest.raises(ValueError, match="evo.npz: a net for evolution taking"):
        from_spec(f"search:20:net={path}", "dominant_species", 2)
    agent = SearchAgent(20, net=path)               # game unknown until the first decision
    engine = make_engine("dominant_species", 2)
    state = engine.new_state(0)
    with pytest.raises(ValueError, match="evo.npz: a net for evolution"):
        decide(agent, engine, state, engine.to_move(state))


def test_net_file_round_trip_and_torch_agreement(tmp_path):
    net = make_net("evolution", seed=3)
    net.meta["made_by"] = "a test"
    net.save(tmp_path / "n.npz")
    back = load(tmp_path / "n.npz")
    assert back.meta == {"made_by": "a test"} and back.game == "evolution"
    obs = np.linspace(0, 1, net.obs_size).astype(np.float32)
    (l1, v1), (l2, v2) = net(obs), back(obs)
    assert np.array_equal(l1, l2) and v1 == v2 and 0 < v1 < 1
    with pytest.raises(ValueError, match="not a policy/value net file"):
        load(tmp_path / "missing.npz")
    with pytest.raises(ValueError, match="no such shipped net"):
        load("zoo:chess-2p")


def test_an_interrupted_save_leaves_the_old_file_and_no_half_written_one(tmp_path, monkeypatch):
    path = tmp_path / "n.npz"
    make_net("evolution", seed=3).save(path)
    before = path.read_bytes()

    def torn(f, **arrays):
        f.write(b"PK half a file")
        raise KeyboardInterrupt("interrupted mid-save")

    monkeypatch.setattr(np, "savez_compressed", torn)
    with pytest.raises(KeyboardInterrupt):
        make_net("evolution", seed=4).save(path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["n.npz"]


def test_net_spec_options(tmp_path):
    path = tmp_path / "Evo.npz"                      # the file name keeps its case
    make_net("evolution").save(path)
    agent = from_spec(f"search:30:net={path}:lam=0.25:cp=2", "evolution", 2)
    assert agent.net.game == "evolution" and agent.lam == 0.25 and agent.c_puct == 2.0
    for bad in ("lam=2", "lam=x", "cp=-1", "net="):
        with pytest.raises(ValueError, match="bad search option"):
            from_spec(f"search:30:{bad}", "evolution", 2)
    with pytest.raises(ValueError, match="zoo:nothing-2p: no such shipped net"):
        from_spec("search:30:net=zoo:nothing-2p", "evolution", 2)


@pytest.mark.parametrize("game", GAMES)
def test_net_depth_limits_the_nodes_the_net_reads(game):
    """netdepth=1: one forward pass per decision (the root's logits, the only row written),
    the levels below searched as without a net; netdepth=2 reads the root's children too;
    the default reads every node it expands."""
    engine = make_engine(game, 2)
    state = engine.new_state(4)
    seat, net = engine.to_move(state), make_net(game)

    def rows_read(**kw):
        agent = SearchAgent(80, seed=2, net=net, **kw)
        decide(agent, engine, state, seat)
        tree = agent.trees[game]
        used = int(tree.meta[0])
        read = np.flatnonzero(np.abs(tree.logits[:used]).sum(axis=1) > 0)
        return set(read.tolist()), set(tree.child[0][tree.child[0] >= 0].tolist()), used

    root_only, _, used = rows_read(net_depth=1)
    assert root_only == {0} and used > 10
    two, children, _ = rows_read(net_depth=2)
    assert 0 in two and two - {0} and two - {0} <= children
    everywhere, children, _ = rows_read()
    assert everywhere - children - {0}                  # deeper nodes read too
    agent = from_spec(f"search:30:net=zoo:{game}-2p:netdepth=1", game, 2)
    assert agent.net_depth == 1
    for bad in ("netdepth=0", "netdepth=x"):
        with pytest.raises(ValueError, match="bad search option"):
            from_spec(f"search:30:net=zoo:{game}-2p:{bad}", game, 2)
    with pytest.raises(ValueError, match="'netdepth=1' needs net= with root=puct"):
        from_spec("search:30:netdepth=1", game, 2)
    with pytest.raises(ValueError, match="net_depth must be an integer >= 1"):
        SearchAgent(30, net=net, net_depth=0)


def test_bias_rule_kernels():
    """BIAS: the untried move of highest logit is expanded first; among expanded moves the
    prior's bonus w * P / sqrt(1 + N) decides between equal ones and fades with visits, so
    a much visited move of higher value wins over a higher prior; w = 0 is plain UCT."""
    from speciesgym.agents.search.uct import biased, select
    from speciesgym.agents.search.uct_net import top_untried
    logits = np.array([[0.0, 3.0, 1.0, 2.0]], np.float32)
    assert top_untried(0, np.array([0, 2, 3]), 3, logits) == 3
    assert top_untried(0, np.array([0, 2, 3]), 2, logits) == 2
    child = np.array([[1, 2, -1, -1], [-1] * 4, [-1] * 4], np.int64)
    moves, hint = np.array([0, 1]), np.full(3, -1, np.int64)

    def pick(n0, v0, n1, v1, w):
        visits = np.array([n0 + n1, n0, n1], np.int64)
        avail = visits.copy()
        value = np.array([[0.0, 0.0], [v0 * n0, 0.0], [v1 * n1, 0.0]])
        return (biased(0, moves, 2, 0, child, visits, avail, value, logits, 0.7, w),
                select(0, moves, 2, 0, child, visits, avail, value, hint, 0.7, 0.0))

    assert pick(4, 0.5, 4, 0.5, 1.0)[0] == 1            # equal: the prior's move (logit 3)
    assert pick(4, 0.6, 4, 0.5, 1.0)[0] == 1            # few visits: the prior outweighs 0.1
    assert pick(4000, 0.6, 4000, 0.5, 1.0)[0] == 0      # many: the better value wins
    for n0, v0, n1, v1 in ((5, 0.4, 9, 0.5), (30, 0.7, 2, 0.2), (7, 0.55, 7, 0.5)):
        bias_choice, uct_choice = pick(n0, v0, n1, v1, 0.0)
        assert bias_choice == uct_choice


@pytest.mark.parametrize("game", GAMES)
def test_bias_root_expands_in_the_priors_order(game):
    """root=bias: the first simulations expand the root's legal moves best prior first
    (the plain search expands them at random), and the spec takes root=bias with netdepth."""
    engine, state = next((e, s) for e, s in positions(game, 2, seed=3, every=EVERY[game])
                         if e.legal_mask(s).sum() > 6)
    seat, net = engine.to_move(state), make_net(game)
    legal = np.flatnonzero(engine.legal_mask(state))
    agent = SearchAgent(4, seed=2, net=net, root="bias", net_depth=1)
    decide(agent, engine, state, seat)
    tree = agent.trees[game]
    expanded = set(np.flatnonzero(tree.child[0] >= 0).tolist())
    ranked = legal[np.argsort(-tree.logits[0, legal], kind="stable")]
    assert expanded == set(ranked[:4].tolist())
    spec = from_spec(f"search:30:net=zoo:{game}-2p:root=bias:netdepth=1:cp=0.5", game, 2)
    assert (spec.root, spec.net_depth, spec.c_puct) == ("bias", 1, 0.5)
    with pytest.raises(ValueError, match="'root=bias' needs net="):
        from_spec("search:30:root=bias", game, 2)
