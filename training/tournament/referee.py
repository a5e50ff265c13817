"""The referee of one tournament game: every call into a bot goes through it, under time
limits, and a bot's fault forfeits the game instead of ending the tournament.

Faults, as recorded (`REASONS`): the bot `raised` (building it, in `reset` or in `act`; the
detail is the exception's last traceback line), returned a `non-integer-action` or an
`illegal-action`, took longer than the move limit (`move-timeout`) or used more than the
game limit (`game-timeout`), or its process `died`. The last two kinds of timeout and death
are seen by the parent of a worker process (`speciesgym.training.tournament.executors`), which reads the `Clock`
the referee keeps in shared memory; everything else is seen here.

Limits (`Limits`): `move` bounds each call into a bot during the game (`reset`, `act`);
`game` bounds a seat's total time in bot calls over one game, building the agent included
(building, which may load a checkpoint, runs under the game limit alone). Times are wall
clock, so a loaded machine counts against a bot: the defaults are generous.
"""
import math
import os
import time
from dataclasses import dataclass

import numpy as np

from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_game
from speciesgym.training.records.record import add_action, finish_record, new_record

REASONS = ("raised", "non-integer-action", "illegal-action", "move-timeout", "game-timeout",
           "died")
MOVE, GAME = 0, 1                   # the limit a bot call runs under (Clock field `kind`)


@dataclass(frozen=True)
class Limits:
    move: float = 5.0               # seconds per call into a bot during a game
    game: float = 600.0             # seconds of one seat's bot calls over one game

    def __post_init__(self):
        for name in ("move", "game"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{name} time limit must be a positive number of seconds, "
                                 f"got {value!r}")

    def detail(self, kind):
        """What a timeout of `kind` (MOVE or GAME) is recorded as: (reason, detail)."""
        if kind == MOVE:
            return "move-timeout", f"no answer within the move limit ({self.move:g} s)"
        return "game-timeout", f"more than the game limit ({self.game:g} s) in one game"


NO_LIMITS = Limits(math.inf, math.inf)


class Forfeit(Exception):
    """Seat `seat` forfeits the game for `reason` (one of REASONS)."""

    def __init__(self, seat, reason, detail):
        super().__init__(f"seat {seat} forfeits ({reason}): {detail}")
        self.seat, self.reason, self.detail = seat, reason, detail


class Clock:
    """Which bot call is running: [start, seat, limit, decisions, kind] in a float array (a
    shared `multiprocessing.RawArray('d', 5)` in a worker). `start` (time.monotonic, one
    clock for every process) is NaN while no bot code runs and while the worker rewrites the
    fields, so a reader that sees the same `start` before and after reading the rest has
    read one call's fields."""

    SIZE = 5

    def __init__(self, array=None):
        self.a = array if array is not None else [math.nan] * self.SIZE
        self.a[0] = math.nan

    def begin(self, seat, limit, kind, decisions):
        a = self.a
        a[0] = math.nan
        a[1], a[2], a[3], a[4] = seat, limit, decisions, kind
        a[0] = time.monotonic()

    def end(self):
        self.a[0] = math.nan

    def read(self):
        """(start, seat, limit, decisions, kind) of the running bot call, or None."""
        for _ in range(100):
            start = self.a[0]
            if math.isnan(start):
                return None
            fields = (int(self.a[1]), self.a[2], int(self.a[3]), int(self.a[4]))
            if self.a[0] == start:
                return (start,) + fields
        return None


class Referee:
    """Times the bot calls of one game and counts its decisions."""

    def __init__(self, limits, clock):
        self.limits, self.clock = limits, clock
        self.used = {}                  # seat -> seconds spent in bot calls
        self.decisions = 0              # actions taken so far

    def call(self, seat, kind, fn, *args):
        """fn(*args) timed as a bot call of `seat`; Forfeit if it raises or runs over."""
        left = self.limits.game - self.used.get(seat, 0.0)
        limit = left if kind == GAME else min(self.limits.move, left)
        over = MOVE if kind == MOVE and self.limits.move < left else GAME
        self.clock.begin(seat, limit, over, self.decisions)
        start = time.monotonic()
        try:
            out = fn(*args)
        except (Exception, SystemExit) as exc:
            raise Forfeit(seat, "raised", last_line(exc)) from None
        finally:
            self.clock.end()
        spent = time.monotonic() - start
        self.used[seat] = self.used.get(seat, 0.0) + spent
        if spent > limit:
            raise Forfeit(seat, *self.limits.detail(over))
        return out


def last_line(exc):
    """`exc` as a traceback's last line shows it ('RuntimeError: boom'), on one line."""
    message = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {message[0]}" if message else type(exc).__name__


class Seated:
    """An agent in its seat: its calls go through the referee and its action is checked
    before the runner sees it."""

    def __init__(self, agent, seat, referee):
        self.agent, self.seat, self.referee = agent, seat, referee
        self.wants_infoset = getattr(agent, "wants_infoset", False) is True

    def reset(self, seat, num_players):
        reset = getattr(self.agent, "reset", None)
        if reset is not None:
            self.referee.call(self.seat, MOVE, reset, seat, num_players)

    def act(self, observation, action_mask, *infoset):
        action = self.referee.call(self.seat, MOVE, self.agent.act, observation, action_mask,
                                   *infoset)
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            text = repr(action)
            raise Forfeit(self.seat, "non-integer-action",
                          f"returned {text[:60] + '...' if len(text) > 60 else text} "
                          f"({type(action).__name__}), not an action index")
        if not 0 <= action < len(action_mask) or not action_mask[action]:
            raise Forfeit(self.seat, "illegal-action",
                          f"returned {int(action)}, not one of the "
                          f"{int(np.count_nonzero(action_mask))} legal actions")
        self.referee.decisions += 1
        return int(action)


_PPO_CACHE = {}


def build_agent(spec, game, players, seed):
    """A fresh agent; PPO policies (deterministic, no per-game state) are loaded once per
    process and checkpoint file version."""
    if not spec.startswith("ppo:"):
        return from_spec(spec, game, players, seed=seed)
    stat = os.stat(spec[4:])
    key = (spec, game, players, stat.st_mtime_ns, stat.st_size)
    if key not in _PPO_CACHE:
        import torch
        torch.set_num_threads(1)        # the same sums in every worker; workers fill the cores
        _PPO_CACHE[key] = from_spec(spec, game, players, seed=seed)
    return _PPO_CACHE[key]


def play_spec(spec, limits=NO_LIMITS, clock=None):
    """Play one game (a `speciesgym.training.tournament.run.GameSpec`); the result record written to
    results.jsonl, a forfeit record if a bot faulted. Errors outside the bots (the engine)
    propagate."""
    referee = Referee(limits, clock or Clock())
    log = []
    try:
        agents = [Seated(referee.call(s, GAME, build_agent, a, spec.game, spec.players, seed),
                         s, referee)
                  for s, (a, seed) in enumerate(zip(spec.seats, spec.agent_seeds))]
        res = play_game(spec.game, spec.players, agents, spec.seed, log=log, **spec.options)
    except Forfeit as f:
        out = forfeit_record(spec, f.seat, f.reason, f.detail, referee.decisions)
        out["game_record"] = game_record(spec, log)
        return out
    reward = np.asarray(res.rewards_rank)
    ranks = [1 + int((reward > r).sum()) for r in reward]
    return {"index": spec.index, "seed": spec.seed, "entrants": list(spec.seats),
            "scores": np.asarray(res.scores).tolist(),
            "winners": [bool(w) for w in res.winners], "ranks": ranks,
            "decisions": int(res.decisions),
            "game_record": game_record(spec, log, res)}


def game_record(spec, log, result=None):
    """The game as a training.records.record game record (finished when `result` is given); the
    parent writes it beside results.jsonl."""
    record = new_record(spec.game, spec.players, spec.options, spec.seed, spec.seats)
    for seat, action, name in log:
        add_action(record, seat, action, name)
    if result is not None:
        finish_record(record, result.scores, result.winners)
    return record


def forfeit_record(spec, seat, reason, detail, decisions):
    """The record of a game that `seat` forfeited after `decisions` actions: it is last, the
    others share first place (each a winner), and no scores are given."""
    players = spec.players
    return {"index": spec.index, "seed": spec.seed, "entrants": list(spec.seats),
            "scores": None, "winners": [s != seat for s in range(players)],
            "ranks": [players if s == seat else 1 for s in range(players)],
            "decisions": int(decisions),
            "forfeit": {"seat": seat, "entrant": spec.seats[seat], "reason": reason,
                        "detail": detail}}
