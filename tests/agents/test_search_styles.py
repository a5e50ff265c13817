"""The search's heuristic-style policies (policy_action kinds 2 + j: the game's compiled
heuristic styles in rollouts and as the prior), the evaluation of capped rollouts
(`ending_now`) and the spec options after the budget (`search:200cpums:spreader`)."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.runner import make_engine
from speciesgym.agents.search import kernels
from speciesgym.agents.search.agent import SearchAgent, glue
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word
from tests.agents.test_infoset import positions
from tests.agents.test_search import EVERY, assert_blind_to_hidden, decide

GAMES = ["evolution", "dominant_species"]
STYLE = {"evolution": "flyer", "dominant_species": "spreader"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_style_policies_play_legal_full_games(game, players):
    """Every seat plays one of the game's heuristic styles through policy_action (seat i:
    kind 2 + i mod the number of styles) on the real state: every action is legal and the
    game ends."""
    g = glue(game)
    engine = make_engine(game, players)
    state = engine.new_state(players + 17)
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = seed_word(players)
    moves = 0
    while engine.to_move(state) >= 0:
        seat = engine.to_move(state)
        mask = engine.legal_mask(state).astype(np.int8)
        a = int(kernels.policy_action(state[0], mask, word[0], 2 + seat % len(g.STYLES)))
        assert mask[a] == 1, (moves, a)
        engine.apply(state, a)
        moves += 1
        assert moves < 20_000
    assert moves > 50


@pytest.mark.parametrize("game", GAMES)
def test_style_search_never_reads_hidden_information(game):
    """test_search's hidden-information check with the heuristic style in rollouts and
    prior and the evaluation of capped rollouts."""
    def make(seed):
        return SearchAgent(30, depth=25, policy=STYLE[game], prior_policy=STYLE[game],
                           evaluate=True, game=game, seed=seed)
    assert_blind_to_hidden(game, make, 6, 37, limit=6)


@pytest.mark.parametrize("game", GAMES)
def test_style_spec_is_deterministic_for_a_seed(game):
    spec = f"search:25:{STYLE[game]}:depth=20:eval"
    cases = [(e, s) for e, s in positions(game, 2, seed=4, every=EVERY[game])
             if e.legal_mask(s).sum() > 1][:5]

    def run(seed):
        agent = from_spec(spec, game, 2, seed=seed)
        return [decide(agent, e, s, e.to_move(s)) for e, s in cases], agent

    first, agent = run(9)
    assert len(cases) == 5 and first == run(9)[0]
    assert agent.policy == agent.prior_policy == STYLE[game] and agent.evaluate


def test_ending_now_adds_the_final_tile_scoring():
    """DS-END-02: a capped rollout is scored as if every tile were scored once more now:
    ending_now adds each seat's payout of every tile, and nothing once the game is over."""
    from speciesgym.envs.dominant_species.rules.board import tile_payout
    g = glue("dominant_species")
    for engine, state in positions("dominant_species", 3, seed=8, every=150):
        st = state[0]
        out = np.zeros(6)
        g.ending_now(st, out)
        want = [sum(tile_payout(st, c, st["seat_animal"][p]) for c in range(len(st["terrain"]))
                    if st["terrain"][c] != 0) for p in range(3)]
        assert np.array_equal(out[:3], want) and not out[3:].any()
    assert max(want) > 0
    st["phase"] = g.PH_OVER
    out[:] = 0
    g.ending_now(st, out)
    assert not out.any()


def test_search_spec_options():
    agent = from_spec("search:200cpums:spreader", "dominant_species", 2, seed=1)
    assert agent.ms == 200 and agent.cpu and agent.name == "search:200cpums:spreader"
    assert agent.policy == agent.prior_policy == "spreader" and agent.prior
    agent = from_spec("search:50:roll=random:prior=off:depth=30:c=0.4:eval", "evolution", 2)
    assert (agent.simulations, agent.policy, agent.prior, agent.depth, agent.c,
            agent.evaluate) == (50, "random", False, 30, 0.4, True)
    agent = from_spec("search:50:prior=flyer", "evolution", 4)
    assert agent.policy == "greedy" and agent.prior_policy == "flyer"
    assert from_spec("search:200cpums", "dominant_species", 2).name == "search:200cpums"


@pytest.mark.parametrize("spec, message", [
    ("search:200cpums:flyer", "must be one of random, greedy, dominator, spreader"),
    ("search:200cpums:roll=", "bad search option"),
    ("search:200cpums:depth=0", "bad search option"),
    ("search:200cpums:c=-1", "bad search option"),
    ("search:200cpums:c=x", "bad search option"),
    ("search:200cpums:", "bad search option"),
    ("search:0:spreader", "search needs a positive number")])
def test_bad_search_spec_options(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec, "dominant_species", 2)


def test_style_policy_needs_the_game():
    with pytest.raises(ValueError, match="heuristic style of the game"):
        SearchAgent(10, policy="spreader")
    with pytest.raises(ValueError, match="must be one of random, greedy, grazer"):
        SearchAgent(10, prior_policy="spreader", game="evolution")
