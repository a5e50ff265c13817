"""The Evolution heuristics score in compiled code (agents.evolution_compiled, one source for
the Python classes, the batched env's compiled opponents and the search's playouts); their
decisions are those of the Python scoring they replaced.

data/evo_heuristic_positions.npz was recorded with that Python scoring
(agents/evolution_heuristics.py, evolution_flyer.py and evolution_view.py of commit 7a5b0f8):
20 seeded games (2 to 6 players, Flight on and off, two seeds each; seats played by grazer,
hunter, flyer and a uniform random player, 6,956 decisions in all, ties drawn from each
agent's numpy generator), and at every decision, for each style, the set of legal actions
within 1e-9 of the best score (the ties agents.base.best_legal draws from), the best score
and the sum of all legal actions' scores. The games are replayed here from their seeds."""
import pathlib

import numpy as np
import pytest

from speciesgym.agents.evolution_compiled.agent import CompiledTwinAgent
from speciesgym.agents.evolution_compiled.styles import STYLES, style_action
from speciesgym.agents.evolution_flyer import FlyerAgent
from speciesgym.agents.evolution_heuristics import GrazerAgent, HunterAgent
from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.random_agent import RandomAgent
from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.rng import new_word

DATA = pathlib.Path(__file__).parent / "data" / "evo_heuristic_positions.npz"
CLASSES = (GrazerAgent, HunterAgent, FlyerAgent)        # the order of the recording
KINDS = CLASSES + (RandomAgent,)                       # the seats of a recorded game


def recorded_games():
    """Per recorded game: its engine, and (state copy, seat, observation, mask, record index)
    at every decision, replayed with today's classes (which must play the recorded move)."""
    rec = np.load(DATA)
    k = 0
    for g, (players, flight, seed) in enumerate(rec["games"]):
        engine = make_engine("evolution", int(players), flight=bool(flight))
        state = engine.new_state(int(seed))
        agents = [KINDS[(s + seed) % 4](int(seed) + s) for s in range(players)]
        seen = []
        while (seat := engine.to_move(state)) >= 0:
            assert rec["game"][k] == g, "the replay ran past the recorded game"
            mask, obs = engine.legal_mask(state), engine.observe(state, seat)
            seen.append((state.copy(), seat, obs, mask, k))
            action = agents[seat].act(obs, mask)
            assert action == rec["action"][k], f"game {g}, decision {k}: not the recorded move"
            engine.apply(state, action)
            k += 1
        yield engine, seen
    assert k == rec["action"].size, "the replay ended before the recording"


def recorded_top(rec, k, j):
    """The recorded best actions of style j at decision k."""
    i = len(CLASSES) * k + j
    end = rec["top_off"][i + 1] if i + 1 < rec["top_off"].size else rec["top"].size
    return rec["top"][rec["top_off"][i]:end].astype(np.int64)


@pytest.fixture(scope="module")
def games():
    return list(recorded_games())


def test_the_classes_replay_the_recorded_games_and_score_as_recorded(games):
    """Every recorded move is replayed (inside recorded_games); at every decision each
    style's best set, best score and sum of legal scores are the recorded ones."""
    rec = np.load(DATA)
    phases, ties = set(), 0
    for _, seen in games:
        for _, _, obs, mask, k in seen:
            legal = np.flatnonzero(mask)
            phases.add(int(np.argmax(obs[:8])))
            for j, cls in enumerate(CLASSES):
                s = cls(0).scores(obs, mask)[legal]
                want = recorded_top(rec, k, j)
                np.testing.assert_array_equal(legal[s >= s.max() - 1e-9], want)
                assert s.max() == pytest.approx(rec["best"][3 * k + j], abs=1e-9)
                assert s.sum() == pytest.approx(rec["total"][3 * k + j], rel=1e-9, abs=1e-9)
                ties += want.size > 1
    assert len(games) == 20 and len(phases) >= 3 and ties > 0


@pytest.mark.parametrize("name", list(STYLES))
def test_the_twin_reads_only_what_the_seat_sees(games, name):
    """On the real state and on a redrawing of everything the seat cannot see (hands, deck,
    face-down cards), the compiled move from the state is the same, with the same word, and
    is the table agent's move from the seat's observation."""
    engine, seen = next((e, s) for e, s in games if e.num_players == 4 and e.flight)
    j = list(STYLES).index(name)
    twin = CompiledTwinAgent(name, seed=5)
    rng = np.random.default_rng(0)
    differ = 0
    for state, seat, obs, mask, _ in seen[::7]:
        m = mask.astype(np.int8)
        sample = InfoSet(engine, state, seat).sample(rng)
        differ += not np.array_equal(sample["hand"], state["hand"])
        assert np.array_equal(engine.observe(sample, seat), obs)
        moves = {style_action(st[0], m, new_word(3)[0], j) for st in (state, sample)}
        twin.word[0] = new_word(3)[0]
        assert moves == {twin.act(obs, mask)}
    assert differ > 0                          # hidden hands were redrawn


def test_ties_are_drawn_from_the_word_among_the_recorded_best(games):
    """A decision with several best actions: the twin picks each of them for some word and
    nothing else; a unique best is picked whatever the word."""
    rec = np.load(DATA)
    twin = CompiledTwinAgent("grazer")
    tied = unique = 0
    for _, _, obs, mask, k in games[5][1]:
        ref = set(recorded_top(rec, k, 0).tolist())
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

