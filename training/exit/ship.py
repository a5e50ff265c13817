"""Ship a run's best net into agents/zoo (`python -m speciesgym.training.exit.ship RUN NAME
--against SPEC ...`): measures the net alone against each opponent spec over `games`
games, seats rotating (one match, so one run: an example, not a multi-seed figure), and
writes the figures (win share, Wilson 95% interval) and the command that made the net into
the shipped file's meta."""
import argparse
import json
import pathlib

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.net.mlp import load, zoo_dir
from speciesgym.agents.runner import play_match
from speciesgym.training.stats import wilson


def ship(run, name, against, games=100, seed=7):
    run = pathlib.Path(run)
    net = load(run / "best.npz")
    cfg = json.loads((run / "config.json").read_text())
    state = json.loads((run / "state.json").read_text())
    strength = []
    for spec in against:
        res = play_match(net.game, net.players,
                         [NetAgent(net)] + [from_spec(spec, net.game, net.players, seed=seed)
                                            for _ in range(net.players - 1)], games, seed=seed)
        share = float(res.wins[0])
        low, high = wilson(share, res.games)
        strength.append(f"net alone vs {spec}: {share / res.games:.1%} of {res.games} games "
                        f"(95% {low:.1%}-{high:.1%}), seats rotating; one training run "
                        f"(seed {cfg['seed']}, round {net.meta.get('round')}), an example")
    net.meta["strength"] = strength
    net.meta["command"] = command_of(cfg, state)
    net.meta.pop("config", None)
    zoo_dir().mkdir(exist_ok=True)
    net.save(zoo_dir() / f"{name}.npz")
    return strength


def command_of(cfg, state):
    """The command that made a run's net: its options (the rounds it ran, not the first
    call's) and the CPU time it took."""
    opts = " ".join(f"--{k.replace('_', '-')} "
                    f"{' '.join(map(str, v)) if isinstance(v, list) else v}"
                    for k, v in cfg.items() if v not in (None, "") and k != "rounds")
    return (f"speciesgym exit RUN {opts} --rounds {state['done'] + 1} "
            f"({state['cpu_s'] / 60:.0f} CPU-minutes)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run")
    ap.add_argument("name", help="e.g. evolution-2p")
    ap.add_argument("--against", nargs="+", required=True)
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args(argv)
    for line in ship(args.run, args.name, args.against, args.games):
        print(line)


if __name__ == "__main__":
    main()
