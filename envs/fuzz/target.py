"""The fuzz target of each game: the valid position an input starts from, and the verdict
on one input (refused / played / inconsistent / crash / hang)."""
import importlib
import json
import pathlib
import signal
import traceback

import numpy as np

from speciesgym.envs.core.engine import ConservationError, checked_step
from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.fuzz.mutate import mutate

GAMES = {"dominant_species": (2, 6), "evolution": (2, 6)}
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "scenarios"
MAX_STEPS = 20000          # a game that has not ended after this many decisions hangs
MAX_SECONDS = 120          # per input, for a kernel that never returns


def _game(game):
    if game not in GAMES:
        raise ValueError(f"game: expected one of {', '.join(GAMES)}, got {game!r}")
    return importlib.import_module(f"speciesgym.envs.{game}")


def _examples(game):
    return sorted((EXAMPLES / game).glob("*.json"))


def _random_steps(game, engine, state, rng, steps):
    """`steps` random legal decisions (fewer if the game ends): the game's compiled
    random_playout where it has one, else one engine call per decision."""
    playout = getattr(importlib.import_module(f"speciesgym.envs.{game}.engine"),
                      "random_playout", None)
    if playout is not None:
        picker = np.zeros(1, engine.state_dtype)
        picker[0]["rng"] = seed_word(int(rng.integers(2 ** 31)))
        playout(state, picker, steps)
        return
    for _ in range(steps):
        if engine.to_move(state) < 0:
            break
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))


def base_position(game, rng):
    """A valid scenario dict: an example scenario, or a random game after random decisions."""
    module = _game(game)
    examples = _examples(game)
    if examples and rng.random() < 0.2:
        return json.loads(examples[int(rng.integers(len(examples)))].read_text())
    low, high = GAMES[game]
    engine = module.make_engine(int(rng.integers(low, high + 1)))
    state = engine.new_state(int(rng.integers(2 ** 31)))
    _random_steps(game, engine, state, rng, int(rng.integers(0, 1500)))
    return module.to_scenario(engine, state)


def make_input(game, seed, index):
    """The input number `index` of the run seeded `seed` (re-created exactly)."""
    rng = np.random.default_rng([seed, index])
    return mutate(base_position(game, rng), rng), rng


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


def verdict(game, data, rng):
    """(kind, detail): refused, played, or a failure: inconsistent, crash, hang."""
    module = _game(game)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(MAX_SECONDS)
    try:
        try:
            engine, state = module.load_scenario(data)
        except ValueError as e:
            return ("refused", str(e)) if str(e) else ("crash", "ValueError without a message")
        problem = engine.conservation_problem(state)
        if problem:
            return "inconsistent", f"on load: {problem}"
        for _ in range(MAX_STEPS):
            if engine.to_move(state) < 0:
                return "played", ""
            mask = engine.legal_mask(state)
            if not mask.any():
                return "inconsistent", "empty mask for the player to move"
            checked_step(engine, state, int(rng.choice(np.flatnonzero(mask))))
        return "hang", f"the game did not end in {MAX_STEPS} decisions"
    except ConservationError as e:
        return "inconsistent", str(e)
    except _Hang:
        return "hang", f"over {MAX_SECONDS} s"
    except Exception:                     # noqa: BLE001 - any other error is a crash
        return "crash", traceback.format_exc(limit=3)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
