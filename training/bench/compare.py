"""`speciesgym bench --compare`: our engines and envs side by side with other game libraries.

Every contender plays random masked games (a uniformly random legal action each decision,
the observation of the mover computed each decision) and is timed in decisions per second:

- `<game> batched`: the compiled batch loop (envs.<game>.bench_engine), one core;
- `<game> per call`: a Python loop over the engine's Stepper (`engine.stepper()`, see
  envs/core/stepper.py): one compiled call per decision, which applies the action and
  leaves the mask, the legal actions and the mover's observation in buffers it holds;
- `<game> plain api`: a Python loop over the plain engine API (`to_move`, `legal_mask`,
  `observe`, `apply`), one call each per decision, each answer a new array;
- `<game> aec`: the PettingZoo AEC env from `envs.<game>.env()` (agent_iter / last / step);
- PettingZoo `connect_four_v3`, `texas_holdem_v4`, `chess_v6` (their `env()`, same loop);
- OpenSpiel `connect_four` and `chess` (legal_actions, observation_tensor, apply_action).

Contenders whose package is not installed (`pip install -e ".[compare]"`) are skipped with a
message. After one warm-up call each (which also sizes a call to about `round_seconds`),
rounds run every contender once, in an order rotated each round, so that drift of a shared
machine falls on all alike. Reported: median decisions/s over the rounds, the spread
(min..max and (max-min)/median), the ratio of the median to `connect_four_v3`'s, and the
median decisions per CPU-second of this process (`cpu_median`: less sensitive to other jobs
taking the cores, though not to their sharing the caches); also
the state bytes per game of ours and the memory of a batch of 100,000 states.
"""
import importlib.util
import platform
import random
import statistics
import time
from dataclasses import dataclass, field

import numpy as np

from speciesgym.envs.games import submodule
from speciesgym.training.bench.speed import play_aec
from speciesgym.training.games import GAMES, game_module

BASELINE = "pettingzoo connect_four_v3"
BATCH_FOR_MEMORY = 100_000


@dataclass
class Contender:
    """A named way to play `n` random games; `play(n, seed)` returns the decisions made.
    `requires` names the modules it imports (skipped with a message if one is missing)."""
    name: str
    make: object                      # () -> play(n, seed) -> decisions
    requires: tuple = ()
    play: object = field(default=None, repr=False)

    def missing(self):
        return [m for m in self.requires if importlib.util.find_spec(m) is None]


def pick(mask, rnd):
    """A uniformly random legal action of an int8 mask, drawn by `rnd` (random.random)."""
    legal = np.flatnonzero(mask)
    return int(legal[int(rnd() * legal.size)])


def aec_play(make_env):
    """play(n, seed) over a PettingZoo AEC env built once by `make_env`."""
    env = make_env()

    def play(n, seed):
        rnd = random.Random(seed).random
        return play_aec(env, n, seed, lambda mask: pick(mask, rnd))
    return play


def engine_stepper_play(game, players):
    return stepper_play(game_module(game).make_engine(num_players=players).stepper())


def stepper_play(stepper):
    """play(n, seed) through `stepper` (envs.core.stepper.Stepper)."""
    legal = stepper.legal

    def play(n, seed):
        rnd = random.Random(seed).random
        decisions = 0
        for g in range(n):
            seat = stepper.reset(seed + g)
            while seat >= 0:
                seat = stepper.step(legal.item(int(rnd() * stepper.n_legal)))
                decisions += 1
        return decisions
    return play


def engine_call_play(game, players):
    engine = game_module(game).make_engine(num_players=players)

    def play(n, seed):
        rnd = random.Random(seed).random
        decisions = 0
        for g in range(n):
            state = engine.new_state(seed + g)
            seat = engine.to_move(state)
            while seat >= 0:
                mask = engine.legal_mask(state)
                engine.observe(state, seat)
                engine.apply(state, pick(mask, rnd))
                decisions += 1
                seat = engine.to_move(state)
        return decisions
    return play


def engine_batch_play(game, players):
    module = game_module(game)
    engine = module.make_engine(num_players=players)

    def play(n, seed):
        return int(module.bench_engine(engine, n, seed)[0])
    return play


def pettingzoo_play(name):
    def make():
        module = importlib.import_module(f"pettingzoo.classic.{name}")
        return aec_play(module.env)
    return make


def open_spiel_play(name):
    def make():
        import pyspiel
        game = pyspiel.load_game(name)

        def play(n, seed):
            rnd = random.Random(seed)
            decisions = 0
            for _ in range(n):
                state = game.new_initial_state()
                while not state.is_terminal():
                    legal = state.legal_actions()
                    state.observation_tensor()
                    state.apply_action(legal[int(rnd.random() * len(legal))])
                    decisions += 1
            return decisions
        return play
    return make


def default_contenders(players=(2, 4, 6)):
    out = []
    for game in GAMES:
        for p in players:
            out.append(Contender(f"{game} {p}p batched",
                                 lambda g=game, p=p: engine_batch_play(g, p)))
            out.append(Contender(f"{game} {p}p per call",
                                 lambda g=game, p=p: engine_stepper_play(g, p)))
            out.append(Contender(f"{game} {p}p plain api",
                                 lambda g=game, p=p: engine_call_play(g, p)))
            out.append(Contender(f"{game} {p}p aec", lambda g=game, p=p: aec_play(
                lambda: game_module(g).env(num_players=p))))
    out.append(Contender(BASELINE, pettingzoo_play("connect_four_v3"), ("pygame",)))
    out.append(Contender("pettingzoo texas_holdem_v4", pettingzoo_play("texas_holdem_v4"),
                         ("rlcard",)))
    out.append(Contender("pettingzoo chess_v6", pettingzoo_play("chess_v6"), ("chess",)))
    out.append(Contender("open_spiel connect_four", open_spiel_play("connect_four"),
                         ("pyspiel",)))
    out.append(Contender("open_spiel chess", open_spiel_play("chess"), ("pyspiel",)))
    return out


def _timed(play, n, seed):
    """(decisions, wall seconds, CPU seconds of this process) of one call."""
    start, cpu = time.perf_counter(), time.process_time()
    decisions = play(n, seed)
    return decisions, time.perf_counter() - start, time.process_time() - cpu


def _size(contender, round_seconds, seed):
    """Warm the contender up and choose a game count per call of about round_seconds."""
    contender.play = contender.make()
    n = 1
    while True:
        decisions, seconds, _ = _timed(contender.play, n, seed)
        if seconds >= round_seconds / 4 or n >= 4096:
            return max(1, min(4096, round(n * round_seconds / max(seconds, 1e-9)))), decisions
        n *= 2


def run_compare(contenders=None, rounds=5, round_seconds=1.0, seed=0, say=print):
    """Run the comparison; returns the result dict (see module docstring)."""
    contenders = default_contenders() if contenders is None else contenders
    skipped, ready, games = [], [], {}
    for c in contenders:
        missing = c.missing()
        if missing:
            message = f"skipped {c.name}: {', '.join(missing)} not installed " \
                      "(pip install -e \".[compare]\")"
            say(message)
            skipped.append({"name": c.name, "reason": message})
            continue
        games[c.name], _ = _size(c, round_seconds, seed)
        ready.append(c)
    rates = {c.name: [] for c in ready}
    cpu_rates = {c.name: [] for c in ready}
    for r in range(rounds):
        shift = r % max(len(ready), 1)
        for c in ready[shift:] + ready[:shift]:
            decisions, seconds, cpu = _timed(c.play, games[c.name], seed + 1000 * (r + 1))
            rates[c.name].append(decisions / seconds)
            cpu_rates[c.name].append(decisions / max(cpu, 1e-9))
    rows = [_row(c.name, rates[c.name], games[c.name]) for c in ready]
    for row in rows:
        row["cpu_median"] = round(statistics.median(cpu_rates[row["name"]]))
    base = next((row["median"] for row in rows if row["name"] == BASELINE), None)
    for row in rows:
        row["ratio_to_connect_four_v3"] = None if base is None else round(row["median"] / base, 2)
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.machine()} {platform.processor() or platform.system()}, "
                       f"python {platform.python_version()}",
            "rounds": rounds, "round_seconds": round_seconds, "unit": "decisions/s",
            "rows": rows, "skipped": skipped, "state_memory": state_memory()}


def _row(name, rates, games):
    median = statistics.median(rates)
    return {"name": name, "median": round(median), "min": round(min(rates)),
            "max": round(max(rates)), "spread": round((max(rates) - min(rates)) / median, 3),
            "games_per_round": games}


def state_memory():
    """Bytes of one game's state and of a batch of BATCH_FOR_MEMORY games, per game."""
    out = {}
    for game in GAMES:
        dtype = submodule(game, "state").STATE_DTYPE
        out[game] = {"state_bytes": dtype.itemsize,
                     f"batch_{BATCH_FOR_MEMORY}_mb": round(
                         np.zeros(BATCH_FOR_MEMORY, dtype).nbytes / 2**20, 1)}
    return out


def format_table(result):
    """The result as a fixed-width text table."""
    lines = [f"random masked play, decisions/s: median of {result['rounds']} alternating "
             f"rounds ({result['date']}; {result['machine']})",
             f"{'contender':34s} {'median':>12s} {'min..max':>23s} {'spread':>7s} "
             f"{'x c4_v3':>8s} {'per CPU-s':>12s}"]
    for row in result["rows"]:
        ratio = row["ratio_to_connect_four_v3"]
        lines.append(f"{row['name']:34s} {row['median']:>12,d} "
                     f"{row['min']:>11,d}..{row['max']:<11,d} {row['spread']:>7.2f} "
                     f"{'-' if ratio is None else f'{ratio:.2f}':>8s} "
                     f"{row.get('cpu_median', 0):>12,d}")
    for s in result["skipped"]:
        lines.append(s["reason"])
    for game, mem in result["state_memory"].items():
        lines.append(f"{game}: {mem['state_bytes']:,d} bytes per game state; a batch of "
                     f"{BATCH_FOR_MEMORY:,d} games: "
                     f"{mem[f'batch_{BATCH_FOR_MEMORY}_mb']:,.1f} MB")
    return "\n".join(lines)
