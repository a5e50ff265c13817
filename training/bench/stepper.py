"""Per-call decisions per CPU-second through the Stepper, three ways in one process, rounds
alternating (so that drift of a shared machine falls on all alike):

- `memo`: `engine.stepper()`, the mover's observation rewritten only where the state changed
  (the game's memo after the observation, engine.obs_memo; Dominant Species has one);
- `whole`: the same Stepper with no memo, so the observation is written whole each decision
  (as before the memo);
- `no obs`: `engine.stepper(observe=False)`.

    python -m speciesgym.training.bench.stepper [--game dominant_species] [--rounds 7]
        [--games 4] [--players 2,4,6]

Random masked play (Python's random picks a legal action), as `speciesgym bench --compare`'s
per-call contender. Prints the median decisions per CPU-second of this process, us per
decision, and memo / whole.
"""
import argparse
import statistics
import time

from speciesgym.training.bench.compare import stepper_play
from speciesgym.training.games import game_module


def steppers(game, players):
    module = game_module(game)
    out = {}
    for p in players:
        out[f"{p}p memo"] = module.make_engine(num_players=p).stepper()
        whole = module.make_engine(num_players=p)
        whole.obs_memo = 0
        out[f"{p}p whole"] = whole.stepper()
        out[f"{p}p no obs"] = module.make_engine(num_players=p).stepper(observe=False)
    return {name: stepper_play(s) for name, s in out.items()}


def run(game, players, rounds, games, say=print):
    contenders = steppers(game, players)
    for play in contenders.values():
        play(1, 0)                            # compile or load before timing
    names = list(contenders)
    rates = {k: [] for k in names}
    for r in range(rounds):
        shift = r % len(names)
        for k in names[shift:] + names[:shift]:
            cpu = time.process_time()
            n = contenders[k](games, 1000 * (r + 1))
            rates[k].append(n / max(time.process_time() - cpu, 1e-9))
    med = {k: statistics.median(v) for k, v in rates.items()}
    say(f"{game}, {rounds} rounds of {games} games, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    for k in names:
        ratio = ""
        if k.endswith("memo"):
            ratio = f"  memo/whole {med[k] / med[k.replace('memo', 'whole')]:.2f}x"
        say(f"{k:12s} {med[k] / 1000:7.1f}k decisions/CPU-s  {1e6 / med[k]:5.2f} us"
            f"  (rounds {min(rates[k]) / 1000:.0f}k..{max(rates[k]) / 1000:.0f}k){ratio}")
    return med


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dominant_species")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--games", type=int, default=4, help="games per contender per round")
    ap.add_argument("--players", default="2,4,6")
    args = ap.parse_args(argv)
    run(args.game, [int(p) for p in args.players.split(",")], args.rounds, args.games)


if __name__ == "__main__":
    main()
