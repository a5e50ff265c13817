"""Simulations per move that a search agent runs in real games (a time-budgeted search runs
as many as its budget allows, which depends on the position): the search plays GAMES games
against OPPONENT, seats alternating, and its simulation counts on every decision with more
than one legal action are summarised.

    python benchmarks/scripts/search_sims_per_move.py --game dominant_species \
        --search search:200cpums --opponent zoo:dominant_species-2p --games 2
"""
import argparse

import numpy as np

from speciesgym.agents.runner import play_game
from speciesgym.agents.spec import from_spec


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--search", required=True, help="a search:<budget>[:...] spec")
    parser.add_argument("--opponent", required=True, help="the other seat's agent spec")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=300, help="seed of game 0 (game g: seed + g)")
    args = parser.parse_args(argv)
    counts = []
    for g in range(args.games):
        search = from_spec(args.search, args.game, 2, seed=g)
        if not hasattr(search, "last_simulations"):
            raise SystemExit(f"{args.search!r} is not a search agent (no simulation count)")
        act = search.act

        def counted(obs, mask, infoset=None, act=act, search=search):
            action = act(obs, mask, infoset)
            if mask.sum() > 1:
                counts.append(search.last_simulations)
            return action
        search.act = counted
        other = from_spec(args.opponent, args.game, 2, seed=g)
        play_game(args.game, 2, [search, other] if g % 2 == 0 else [other, search],
                  seed=args.seed + g)
    c = np.array(counts)
    q1, med, q3 = np.percentile(c, [25, 50, 75])
    print(f"{args.search} against {args.opponent}, {args.game}, {args.games} games from seed "
          f"{args.seed}: {c.size} decisions with more than one legal action; simulations per "
          f"move mean {c.mean():.0f}, median {med:.0f}, interquartile {q1:.0f} to {q3:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
