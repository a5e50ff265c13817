"""Ship a net into agents/zoo: an expert-iteration run's best net (`python -m
speciesgym.training.exit.ship RUN NAME --against SPEC ...`) or a MaskablePPO checkpoint packed
by training.exit.from_ppo (`... --ppo ZIP --made-by "speciesgym train ..." NAME --against
SPEC ...`). Measures the net alone against each opponent spec over `games` games, seats
rotating (one match per opponent, so one run: an example, not a multi-seed figure; with
more seats than 2, the other seats all play the opponent), and writes the figures (win
share, Wilson 95% interval) and the command that made the net into the shipped file's
meta."""
import argparse
import json
import pathlib

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.net.mlp import load, zoo_dir
from speciesgym.agents.runner import play_match
from speciesgym.training.stats import wilson


def ship(run, name, against, games=100, seed=7):
    """Ship the best net of the expert-iteration run folder `run` as zoo:`name`."""
    run = pathlib.Path(run)
    net = load(run / "best.npz")
    cfg = json.loads((run / "config.json").read_text())
    state = json.loads((run / "state.json").read_text())
    made = (f"one training run (seed {cfg['seed']}, round {net.meta.get('round')}), "
            "an example")
    net.meta.pop("config", None)
    return ship_net(net, name, against, games, seed, command_of(cfg, state), made)


def ship_ppo(checkpoint, name, against, made_by, games=100, seed=7):
    """Ship the MaskablePPO checkpoint `checkpoint` (a zip with the game in its meta) as
    zoo:`name`; `made_by`: the command that trained it."""
    from speciesgym.training.exit.from_ppo import checkpoint_net
    net, meta = checkpoint_net(checkpoint)
    if meta.get("options"):
        raise ValueError(f"{checkpoint}: trained with game options {meta['options']}; a "
                         f"shipped net plays the game's default options")
    return ship_net(net, name, against, games, seed, made_by,
                    "one training run, an example")


def ship_net(net, name, against, games, seed, command, made):
    """Measure `net` alone against each spec of `against`, then save it as zoo:`name` with
    the figures and `command` in its meta; returns the figure lines."""
    strength = []
    for spec in against:
        res = play_match(net.game, net.players,
                         [NetAgent(net)] + [from_spec(spec, net.game, net.players, seed=seed)
                                            for _ in range(net.players - 1)], games, seed=seed)
        share = float(res.wins[0])
        low, high = wilson(share, res.games)
        strength.append(f"net alone vs {spec}: {share / res.games:.1%} of {res.games} games "
                        f"(95% {low:.1%}-{high:.1%}), seats rotating; {made}")
    net.meta["strength"] = strength
    net.meta["command"] = command
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
    ap.add_argument("run", nargs="?", help="an expert-iteration run folder (or --ppo)")
    ap.add_argument("name", help="e.g. evolution-2p")
    ap.add_argument("--against", nargs="+", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--ppo", default=None, help="a MaskablePPO checkpoint to ship instead")
    ap.add_argument("--made-by", default=None, help="with --ppo: the command that trained it")
    args = ap.parse_args(argv)
    if (args.ppo is None) == (args.run is None):
        ap.error("give a run folder or --ppo, one of them")
    if args.ppo is not None and not args.made_by:
        ap.error("--ppo needs --made-by (the command that trained the checkpoint)")
    lines = (ship(args.run, args.name, args.against, args.games) if args.ppo is None
             else ship_ppo(args.ppo, args.name, args.against, args.made_by, args.games))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
