"""A played game as a JSON record: enough to replay it exactly.

One record per game: the game, its options and player count, the seed of `new_state`, the
agent spec of every seat ("human" for a person), every action in order (its index, its
mover and its full name, as the mover saw it), and, once the game is over, the scores and
winners. Replaying the actions from the seed gives the same game (`replay_record`).
The record names every card (it is written after the game, for replays): do not show it to
a seat during play.
"""
# pyright: basic
from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.envs.core.engine import GameEngine
from speciesgym.envs.games import GAMES

FORMAT = "speciesgym-game-1"


def new_record(game: str, num_players: int, options: Mapping[str, Any], seed: int,
               agents: Iterable[str]) -> dict[str, Any]:
    return {"format": FORMAT, "game": game, "players": int(num_players),
            "options": dict(options), "seed": int(seed), "agents": list(agents),
            "actions": [], "finished": False}


def add_action(record: dict[str, Any], mover: int | np.integer, action: int | np.integer,
               name: str) -> None:
    record["actions"].append({"mover": int(mover), "action": int(action), "name": name})


def finish_record(record: dict[str, Any], scores: Iterable[float] | np.ndarray,
                  winners: Iterable[bool] | np.ndarray) -> None:
    record["finished"] = True
    record["scores"] = [float(s) if float(s) != int(s) else int(s) for s in scores]
    record["winners"] = [int(i) for i, won in enumerate(winners) if won]


def save_record(record: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write `record` to `path` atomically (speciesgym.envs.core.atomic)."""
    path = os.fspath(path)
    try:
        with atomic_write(path) as fh:
            json.dump(record, fh, indent=1)
    except OSError as exc:
        raise ValueError(f"cannot write the game record {path}: {exc.strerror}") from None


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in `path`; ValueError names a missing or foreign file."""
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"game record {path}: cannot be read ({exc})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"game record {path}: not a {FORMAT} record")
    problem = _field_problem(record)
    if problem:
        raise ValueError(f"game record {path}: {problem}")
    return record


# the fields replay reads, each with the test its value must pass
_FIELDS = {"game": lambda v: v in GAMES,
           "players": lambda v: type(v) is int and 2 <= v <= 6,
           "seed": lambda v: type(v) is int,
           "options": lambda v: isinstance(v, dict),
           "actions": lambda v: isinstance(v, list)}
_STEP = {"mover": lambda v: type(v) is int, "action": lambda v: type(v) is int,
         "name": lambda v: isinstance(v, str)}


def _field_problem(record):
    """What is wrong with the fields of a record, or None."""
    for key, ok in _FIELDS.items():
        if key not in record:
            return f"no {key!r} field"
        if not ok(record[key]):
            return f"{key!r} is {record[key]!r}"
    for i, step in enumerate(record["actions"]):
        if not isinstance(step, dict):
            return f"action {i} is {step!r}, not an object"
        for key, ok in _STEP.items():
            if not ok(step.get(key)):
                return f"action {i}: {key!r} is {step.get(key)!r}"
    return None


def replay_steps(record: dict[str, Any]) -> Iterator[
        tuple[GameEngine, np.ndarray, int, dict[str, Any] | None]]:
    """Replay `record` from its seed: yields (engine, state, i, step) before each recorded
    action is applied (the caller must not change `state`), then checks the end.

    ValueError if an action is illegal or named differently than recorded, or if a finished
    record's scores or winners differ from the replayed ones (the rules changed, or the file
    was edited)."""
    from speciesgym.agents.runner import make_engine
    from speciesgym.envs.core.engine import checked_step
    engine = make_engine(record["game"], record["players"], **record["options"])
    state = engine.new_state(record["seed"])
    for i, step in enumerate(record["actions"]):
        mover = engine.to_move(state)
        name = engine.action_name(state, step["action"])
        if mover != step["mover"] or name != step["name"]:
            raise ValueError(f"game record, action {i}: recorded {step['mover']} "
                             f"{step['name']!r}, replay gives {mover} {name!r}")
        yield engine, state, i, step
        checked_step(engine, state, step["action"])
    yield engine, state, len(record["actions"]), None
    if record.get("finished"):
        _check_end(record, engine, state)


def _check_end(record, engine, state):
    if engine.to_move(state) >= 0:
        raise ValueError("game record: marked finished, but the replayed game is not over")
    scores, winners, _ = engine.final(state)
    replayed = [int(s) for s in scores]
    if replayed != [int(s) for s in record.get("scores", [])]:
        raise ValueError(f"game record: recorded scores {record.get('scores')}, replay gives "
                         f"{replayed}")
    won = [i for i, w in enumerate(winners) if w]
    if won != list(record.get("winners", [])):
        raise ValueError(f"game record: recorded winners {record.get('winners')}, replay "
                         f"gives {won}")


def replay_record(record: dict[str, Any]) -> tuple[GameEngine, np.ndarray]:
    """(engine, state) after replaying every action of `record` (see replay_steps)."""
    for engine, state, _, _ in replay_steps(record):
        pass
    return engine, state
