"""Scoring an agent's choices on labelled positions: the leaf that `evaluate` (one process)
and `eval_tasks` (Ray tasks) share, importing neither.

The agent decides each position as it would at the table: it gets the mover's observation
and legal-action mask (agents that want one also get the mover's InfoSet of the stored
state, so a search sees only determinisations), after `reset(seat, players)`. Per position:
regret = best value - value of the chosen action (in rank reward, 0..1), agreement = chosen
== best, counted on clear positions only. Summaries carry 95% bootstrap intervals that
resample games and, with two labellings, which labelling scores each position
(intervals.py), overall, per decision type and per player count.
An illegal choice is a ValueError naming the position.
"""
import json
import time
from dataclasses import dataclass, field

import numpy as np

def summarise(rows, seed=0):
    """{"n", "n_clear", "games", "labellings", "agreement": [mean, lo, hi], "regret": [...],
    "floor": [...] or None, "ms_per_decision"}: intervals resample games (and, with two
    labellings, which one scores each position: intervals.cluster_ci); `floor` is the noise
    floor of these positions (crossfit.floor), None with one labelling."""
    from speciesgym.training.decisions.intervals import cluster_ci
    clear = [r for r in rows if r["clear"]]
    two = bool(rows) and all("regret_b" in r for r in rows)
    games = [r.get("game", r["id"]) for r in rows]

    def ci(values, clusters, alt=None):
        return [round(v, 4) for v in cluster_ci(values, clusters, alt, seed)]
    if two:
        regret = ci([r["regret_a"] for r in rows], games, [r["regret_b"] for r in rows])
        floor = ci([r["floor"] for r in rows], games)
    else:
        regret, floor = ci([r["regret"] for r in rows], games), None
    return {"n": len(rows), "n_clear": len(clear), "games": len(set(games)),
            "labellings": 2 if two else 1,
            "agreement": ci([r["agree"] for r in clear], [r.get("game", r["id"]) for r in clear]),
            "regret": regret, "floor": floor,
            "ms_per_decision": round(1000 * float(np.mean([r["seconds"] for r in rows])), 3)
            if rows else float("nan")}


@dataclass
class EvalResult:
    suite: str
    agent: str
    rows: list                  # one dict per position: id, type, players, chosen, ...
    overall: dict = field(default_factory=dict)
    by_type: dict = field(default_factory=dict)
    by_players: dict = field(default_factory=dict)
    suite_info: dict = field(default_factory=dict)   # versions.identity of the suite file

    @property
    def stale(self):
        return bool(self.suite_info.get("stale"))

    def to_dict(self):
        return {"suite": self.suite, "suite_info": self.suite_info, "agent": self.agent,
                "stale": self.stale, "overall": self.overall,
                "by_type": self.by_type, "by_players": self.by_players, "positions": self.rows}

    def write_json(self, path):
        try:
            with open(path, "w") as fh:
                json.dump(self.to_dict(), fh, indent=1)
        except OSError as exc:
            raise ValueError(f"cannot write {path}: {exc.strerror}") from None

    def report(self):
        """The summary as text lines (what the command prints)."""
        def line(label, s):
            a, r = s["agreement"], s["regret"]
            agree = (f"{a[0]:6.3f} [{a[1]:.3f}, {a[2]:.3f}]" if s["n_clear"]
                     else "     - " + " " * 16)
            f = s.get("floor")
            floor = f"{f[0]:6.4f}" if f else "     -"
            return (f"{label:<26} {s['n']:>5} {s['n_clear']:>6}  {agree}  "
                    f"{r[0]:6.4f} [{r[1]:.4f}, {r[2]:.4f}]  {floor:>6}  "
                    f"{s['ms_per_decision']:9.2f}")
        from speciesgym.training.decisions.versions import describe
        out = [f"{describe(self.suite_info)}, agent {self.agent}",
               f"{'':<26} {'n':>5} {'clear':>6}  {'agreement [95% CI]':<24}  "
               f"{'regret [95% CI]':<24}  {'floor':>6}  {'ms/dec':>9}",
               line("all", self.overall)]
        out += [line(f"type {k}", v) for k, v in self.by_type.items()]
        out += [line(f"{k} players", v) for k, v in self.by_players.items()]
        return out + [floor_line(self.overall)]


def floor_line(summary):
    """The noise floor of a summary in words (what every eval and leaderboard prints)."""
    f = summary.get("floor")
    if not f:
        return ("noise floor: not measured (one labelling per position: relabel the suite "
                "and score a two-labelling suite to measure it)")
    return (f"noise floor {f[0]:.4f} [{f[1]:.4f}, {f[2]:.4f}]: the regret of an oracle that "
            f"plays one labelling's best action, scored under the other ({summary['n']} "
            f"positions from {summary['games']} games, {summary['n_clear']} clear; intervals "
            f"resample games and labellings)")


def choose(agent, position):
    """The agent's action at a position, from what the mover would have at the table."""
    from speciesgym.agents.infoset import InfoSet
    engine, state, seat = position.engine, position.state.copy(), position.record["seat"]
    obs = engine.observe(state, seat)
    mask = engine.legal_mask(state)
    if getattr(agent, "wants_infoset", False):
        return agent.act(obs, mask, InfoSet(engine, state, seat))
    return agent.act(obs, mask)


def spec_warmer(spec, game, seed):
    """warm(players, position): the first time a player count comes up, a throwaway agent of
    `spec` decides the position untimed, so that the scored agent's first timed decision does
    not carry the one-off loading of compiled code or a checkpoint (seconds, against
    milliseconds per decision). The scored agent is a separate object: its choices are the
    same with or without the warm-up."""
    from speciesgym.agents import from_spec
    warmed = set()

    def warm(players, position):
        if players not in warmed:
            warmed.add(players)
            choose(from_spec(spec, game, players, seed=seed), position)
    return warm


def score(name, make, indexed, warm=None):
    """The rows of `indexed` ((index in the suite, Position) pairs, taken in order), each
    decided by make(players)'s agent after its reset, timed after warm(players, position)
    if given; ValueError for an illegal choice."""
    rows = []
    for i, pos in indexed:
        rec = pos.record
        if warm is not None:
            warm(rec["players"], pos)
        bot = make(rec["players"])
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(rec["seat"], rec["players"])
        start = time.perf_counter()
        action = choose(bot, pos)
        seconds = time.perf_counter() - start
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or int(action) not in rec["legal"]:
            raise ValueError(f"agent {name} chose {action!r} at position {i} "
                             f"({rec.get('id', i)}), not one of its legal actions "
                             f"{rec['legal']}")
        rows.append(position_row(rec, int(action), seconds, str(i)))
    return rows


def position_row(rec, action, seconds, default_id):
    """The scored row of choosing legal `action` at position record `rec`: agreement with
    its best action and regret under its values; with two labellings (crossfit.py) the
    regret under each (regret_a, regret_b), their mean, and the position's noise floor.
    `game` is the position's game (the bootstrap's cluster)."""
    from speciesgym.training.decisions.crossfit import floor, regrets
    under_a, under_b = regrets(rec, action)
    pid = rec.get("id", default_id)
    game = rec.get("game") or (f"seed:{rec['game_seed']}" if "game_seed" in rec else pid)
    row = {"id": pid, "game": game, "type": rec["type"], "players": rec["players"],
           "chosen": action, "best": rec["best"], "clear": bool(rec["clear"]),
           "agree": int(action == rec["best"]), "regret": under_a, "seconds": seconds}
    if under_b is not None:
        row.update(regret=0.5 * (under_a + under_b), regret_a=under_a, regret_b=under_b,
                   floor=floor(rec))
    return row


def result_of(suite_info, name, rows, seed):
    """The EvalResult of scored rows on the suite `suite_info` (versions.identity): summaries
    overall, per type and per player count."""
    result = EvalResult(suite_info.get("name"), name, rows, summarise(rows, seed),
                        suite_info=dict(suite_info))
    for key, target in (("type", result.by_type), ("players", result.by_players)):
        for value in sorted({r[key] for r in rows}, key=str):
            target[str(value)] = summarise([r for r in rows if r[key] == value], seed)
    return result
