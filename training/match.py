"""`speciesgym match`: a fixed table of agents plays N games with seats rotating
(agents.runner.play_match), and each entrant's win share (a shared win split) is printed
with its 95% Wilson interval, the share of an equal player (1 / players) and its mean score.
The figures behind strength claims such as heuristic:flyer's in the README come from this
command; the seed and the agent seeds (entrant i gets seed i + 1) fix every game.
`--log FILE` appends one JSON line per finished game (seed, seats, win shares, scores, the
process's CPU seconds for the game) and prints the running shares to stderr, so that a long
match that is stopped still leaves its games."""
import json
import sys
import time

from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_match
from speciesgym.training.games import parse_options
from speciesgym.training.ratings import wilson


class GameLog:
    """play_match's on_game: a JSON line per game to `path`, running shares to stderr."""

    def __init__(self, path, agents, seed):
        self.path, self.agents, self.seed = path, agents, seed
        self.wins = [0.0] * len(agents)
        self.clock = time.process_time()

    def __call__(self, g, seats, result, shares):
        now = time.process_time()
        self.wins = [w + x for w, x in zip(self.wins, shares)]
        line = {"game": g, "seed": self.seed + g, "agents": self.agents, "seats": seats,
                "shares": shares, "scores": [float(result.scores[s]) for s in seats],
                "cpu_s": round(now - self.clock, 3)}
        self.clock = now
        with open(self.path, "a") as f:
            f.write(json.dumps(line) + "\n")
        shares_so_far = ", ".join(f"{a} {w / (g + 1):.3f}" for a, w in zip(self.agents, self.wins))
        print(f"game {g + 1}: {shares_so_far} ({line['cpu_s']:.1f} CPU s)", file=sys.stderr,
              flush=True)


def run_match(game, agents, games, seed=0, options=None, log=None):
    """Rows per entrant: spec, win share, Wilson low and high, mean score. `log`: a file
    that gets a JSON line per game (GameLog)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    players = len(agents)
    built = [from_spec(spec, game, players, seed=i + 1) for i, spec in enumerate(agents)]
    on_game = GameLog(log, agents, seed) if log else None
    res = play_match(game, players, built, games, seed=seed, on_game=on_game,
                     **(options or {}))
    rows = []
    for spec, wins, score in zip(agents, res.wins, res.mean_score):
        low, high = wilson(float(wins), games)
        rows.append({"agent": spec, "win_share": float(wins) / games, "low": low,
                     "high": high, "mean_score": float(score)})
    return rows


def cmd_match(args):
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(agents) < 2:
        raise ValueError("--agents: name one agent per seat, at least 2")
    rows = run_match(args.game, agents, args.games, args.seed, parse_options(args.option),
                     log=args.log)
    print(f"{args.game}, {len(agents)} players, {args.games} games from seed {args.seed}, "
          f"seats rotating; an equal player's share is {1 / len(agents):.3f}")
    for r in rows:
        print(f"  {r['agent']:<28} win share {r['win_share']:.3f} "
              f"[{r['low']:.3f}, {r['high']:.3f}]  mean score {r['mean_score']:.1f}")
    return 0


def add_arguments(parser):
    parser.add_argument("--game", default="evolution", help="evolution or dominant_species")
    parser.add_argument("--agents", required=True,
                        help="one agent spec per seat, comma-separated (the player count)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game g: seed + g)")
    parser.add_argument("--option", action="append", help="game option key=value")
    parser.add_argument("--log", default=None,
                        help="append a JSON line per finished game to this file")
    parser.set_defaults(func=cmd_match)
