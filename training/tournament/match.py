"""`speciesgym match`: a fixed table of agents plays N games with seats rotating
(agents.runner.play_match), and each entrant's win share (a shared win split) is printed
with its 95% Wilson interval, the share of an equal player (1 / players) and its mean score.
The figures behind strength claims such as heuristic:flyer's in the README come from this
command; the seed and the agent seeds (entrant i gets seed i + 1) fix every game.
`--log FILE` appends one JSON line per finished game (seed, seats, win shares, scores, the
process's CPU seconds for the game) and prints the running shares to stderr, so that a long
match that is stopped still leaves its games. Run the same command again and it resumes: the
games already in the log count, the rest are played (same game seeds and seats; the agents'
own random streams start afresh, so a resumed game is a fresh draw of their choices)."""
import json
import os
import sys
import time

from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_match
from speciesgym.training.arguments import output_file
from speciesgym.training.games import parse_options
from speciesgym.training.stats import wilson


class GameLog:
    """play_match's on_game: a JSON line per game to `path`, running shares to stderr."""

    def __init__(self, path, agents, seed, done=(), rules=None):
        self.path, self.agents, self.seed = path, agents, seed
        self.rules = rules
        self.wins = [sum(line["shares"][i] for line in done) for i in range(len(agents))]
        self.count = len(done)
        self.clock = time.process_time()

    def __call__(self, g, seats, result, shares):
        now = time.process_time()
        self.wins = [w + x for w, x in zip(self.wins, shares)]
        self.count += 1
        line = {"game": g, "seed": self.seed + g, "agents": self.agents, "rules": self.rules,
                "seats": seats,
                "shares": shares, "scores": [float(result.scores[s]) for s in seats],
                "cpu_s": round(now - self.clock, 3)}
        self.clock = now
        with open(self.path, "a") as f:
            f.write(json.dumps(line) + "\n")
        shares_so_far = ", ".join(f"{a} {w / self.count:.3f}" for a, w in zip(self.agents, self.wins))
        print(f"game {g + 1} ({self.count} played): {shares_so_far} ({line['cpu_s']:.1f} CPU s)", file=sys.stderr,
              flush=True)


def match_rules(game, options):
    """What a log line says of the game played: the game's name and its options."""
    return {"game": game, "options": dict(sorted((options or {}).items()))}


def logged_games(path, agents, seed, games, rules=None):
    """The games of this match already in the log at `path` (a list of its JSON lines), for
    resuming. A log of another match (other agents, seed, game or options), a malformed line
    or a game logged twice is an error naming the file and line; a last line cut off without
    its newline (a crash while writing) is dropped from the file with a message. Lines
    written before logs named their game and options (no "rules") are taken as they are."""
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        text = f.read()
    raw = text.split("\n")
    if raw[-1]:
        print(f"{path}: dropping an unfinished last line (a game in flight)", file=sys.stderr)
        text = "\n".join(raw[:-1]) + ("\n" if len(raw) > 1 else "")
        with open(path, "w") as f:
            f.write(text)
    lines, seen = [], set()
    for number, body in enumerate(text.splitlines(), 1):
        try:
            line = json.loads(body)
            g, first = int(line["game"]), int(line["seed"]) - int(line["game"])
            same = line["agents"] == agents and len(line["shares"]) == len(agents)
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"--log {path}: line {number} is not a game line ({e})") from None
        if not same or first != seed:
            raise ValueError(f"--log {path}: line {number} is from another match (agents "
                             f"{line['agents']}, seed {first}); use another file")
        if rules is not None and line.get("rules", rules) != rules:
            raise ValueError(f"--log {path}: line {number} is from another match (rules "
                             f"{line['rules']}, here {rules}); use another file")
        if g in seen:
            raise ValueError(f"--log {path}: line {number} logs game {g} a second time")
        seen.add(g)
        if g < games:
            lines.append(line)
    return lines


def run_match(game, agents, games, seed=0, options=None, log=None):
    """Rows per entrant: spec, win share, Wilson low and high, mean score. `log`: a file
    that gets a JSON line per game (GameLog); games already in it are not played again."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    players = len(agents)
    rules = match_rules(game, options)
    done = logged_games(log, agents, seed, games, rules)
    built = [from_spec(spec, game, players, seed=i + 1) for i, spec in enumerate(agents)]
    on_game = GameLog(log, agents, seed, done, rules) if log else None
    res = play_match(game, players, built, games, seed=seed, on_game=on_game,
                     skip={line["game"] for line in done}, **(options or {}))
    rows = []
    for i, spec in enumerate(agents):
        wins = float(res.wins[i]) + sum(line["shares"][i] for line in done)
        score = float(res.score[i]) + sum(line["scores"][i] for line in done)
        low, high = wilson(wins, games)
        rows.append({"agent": spec, "win_share": wins / games, "low": low,
                     "high": high, "mean_score": score / games})
    return rows


def cmd_match(args):
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(agents) < 2:
        raise ValueError("--agents: name one agent per seat, at least 2")
    try:
        rows = run_match(args.game, agents, args.games, args.seed, parse_options(args.option),
                         log=args.log)
    except KeyboardInterrupt:
        if args.log:
            kept = len(logged_games(args.log, agents, args.seed, args.games,
                                    match_rules(args.game, parse_options(args.option))))
            print(f"interrupted; {kept} finished games are in {args.log}; run the same command "
                  f"again to play the rest", file=sys.stderr)
        else:
            print("interrupted; without --log the finished games are not kept",
                  file=sys.stderr)
        return 130
    print(f"{args.game}, {len(agents)} players, {args.games} games from seed {args.seed}, "
          f"seats rotating; an equal player's share is {1 / len(agents):.3f}")
    for r in rows:
        print(f"  {r['agent']:<28} win share {r['win_share']:.3f} "
              f"[{r['low']:.3f}, {r['high']:.3f}]  mean score {r['mean_score']:.1f}")
    if args.luck:
        from speciesgym.training.luck.cli import format_summary
        from speciesgym.training.luck.play import match_luck
        print(format_summary(match_luck(args.game, agents, args.games, args.seed,
                                        parse_options(args.option), args.luck)[1]))
    return 0


def add_arguments(parser):
    parser.add_argument("--game", default="evolution", help="evolution or dominant_species")
    parser.add_argument("--agents", required=True,
                        help="one agent spec per seat, comma-separated (the player count)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game g: seed + g)")
    parser.add_argument("--option", action="append", help="game option key=value")
    parser.add_argument("--log", default=None, type=output_file,
                        help="append a JSON line per finished game to this file; games "
                             "already in it are kept and not played again (resume)")
    parser.add_argument("--luck", default=None, metavar="value:<spec>",
                        help="also the first agent's luck-corrected reward (training/luck): "
                             "plain and adjusted means, the variance ratio")
    parser.set_defaults(func=cmd_match)
