"""The compiled twins of the Evolution heuristics (agents.evolution_compiled) score every
legal action as the Python methods of agents.evolution_heuristics do, so they choose the same
action whenever the best is unique; they read only what the seat sees."""
import numpy as np
import pytest

from speciesgym.agents.evolution_compiled.agent import CompiledTwinAgent
from speciesgym.agents.evolution_compiled.styles import STYLES, style_action, style_scores
from speciesgym.agents.evolution_flyer import FlyerAgent
from speciesgym.agents.evolution_heuristics import GrazerAgent, HunterAgent
from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.random_agent import RandomAgent
from speciesgym.agents.runner import make_engine, play_game
from speciesgym.envs.core.rng import new_word

PYTHON = {"grazer": GrazerAgent, "hunter": HunterAgent, "flyer": FlyerAgent}
# (players, flight, seed): every player count, Flight on and off
GAMES = [(p, flight, 100 * p + 7 * flight + k) for p in range(2, 7) for flight in (True, False)
         for k in range(2)]


def top_set(scores, mask):
    legal = np.flatnonzero(mask)
    s = scores[legal]
    return set(legal[s >= s.max() - 1e-9].tolist())


def seat_agents(players, seed):
    """Grazers, hunters, flyers and a random seat, so that games reach carnivores, attacks,
    avians and Flight cards."""
    kinds = [GrazerAgent, HunterAgent, FlyerAgent, RandomAgent]
    return [kinds[(seat + seed) % 4](seed + seat) for seat in range(players)]


def decisions(players, flight, seed):
    """(state copy, seat, observation, mask) at every decision of one seeded game."""
    engine = make_engine("evolution", players, flight=flight)
    state = engine.new_state(seed)
    agents = seat_agents(players, seed)
    out = []
    while (seat := engine.to_move(state)) >= 0:
        mask = engine.legal_mask(state)
        obs = engine.observe(state, seat)
        out.append((state.copy(), seat, obs, mask))
        engine.apply(state, agents[seat].act(obs, mask))
    return engine, out


@pytest.mark.parametrize("players,flight,seed", GAMES)
def test_compiled_scores_equal_the_python_heuristics_at_every_decision(players, flight, seed):
    _, seen = decisions(players, flight, seed)
    phases = set()
    for _, _, obs, mask in seen:
        legal = np.flatnonzero(mask)
        phases.add(int(np.argmax(obs[:8])))
        for j, name in enumerate(STYLES):
            ref = PYTHON[name](0).python_scores(obs, mask)
            got = np.empty(mask.size)
            style_scores(obs, mask.astype(np.int8), j, got)
            np.testing.assert_allclose(got[legal], ref[legal], rtol=0, atol=1e-9)
            assert top_set(got, mask) == top_set(ref, mask)
    assert len(seen) > 100 and len(phases) >= 3       # whole games, several phases


@pytest.mark.parametrize("players,flight", [(2, True), (4, False), (5, True)])
def test_python_classes_play_the_games_they_played_before(players, flight):
    """The heuristic classes now score with the compiled twin: whole games (ties drawn from
    the same numpy generator) are move for move those of the Python scoring."""
    logs = []
    kinds = [GrazerAgent, HunterAgent, FlyerAgent]
    for compiled in (True, False):
        agents = [kinds[seat % 3](seat) for seat in range(players)]
        if not compiled:
            for a in agents:
                a.compiled = None
        log = []
        play_game("evolution", players, agents, seed=players, log=log, flight=flight)
        logs.append(log)
    assert logs[0] == logs[1] and len(logs[0]) > 100


@pytest.mark.parametrize("name", list(STYLES))
def test_the_twin_reads_only_what_the_seat_sees(name):
    """On the real state and on a redrawing of everything the seat cannot see (hands, deck,
    face-down cards), the compiled move from the state is the same, with the same word, and
    is the table agent's move from the seat's observation."""
    engine, seen = decisions(4, True, 11)
    j = list(STYLES).index(name)
    twin = CompiledTwinAgent(name, seed=5)
    rng = np.random.default_rng(0)
    differ = 0
    for state, seat, obs, mask in seen[::7]:
        m = mask.astype(np.int8)
        sample = InfoSet(engine, state, seat).sample(rng)
        differ += not np.array_equal(sample["hand"], state["hand"])
        assert np.array_equal(engine.observe(sample, seat), obs)
        moves = {style_action(st[0], m, new_word(3)[0], j) for st in (state, sample)}
        twin.word[0] = new_word(3)[0]
        assert moves == {twin.act(obs, mask)}
    assert differ > 0                          # hidden hands were redrawn


def test_ties_are_drawn_from_the_word_among_the_best():
    """A decision with several best actions: the twin picks each of them for some word and
    nothing else; a unique best is picked whatever the word."""
    _, seen = decisions(3, True, 21)
    twin = CompiledTwinAgent("grazer")
    tied = unique = 0
    for _, _, obs, mask in seen:
        ref = top_set(GrazerAgent(0).python_scores(obs, mask), mask)
        picks = set()
        for w in range(40):
            twin.word[0] = new_word(w)[0]
            picks.add(twin.act(obs, mask))
        assert picks <= ref
        if len(ref) > 1 and tied < 5:
            assert picks == ref
            tied += 1
        unique += len(ref) == 1
    assert tied and unique


def test_an_unknown_style_is_named():
    with pytest.raises(ValueError, match="dominator"):
        CompiledTwinAgent("dominator")
    with pytest.raises(ValueError, match="empty action mask"):
        CompiledTwinAgent("hunter").act(np.zeros(10, np.float32), np.zeros(5, np.int8))
