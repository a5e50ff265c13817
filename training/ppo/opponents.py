"""Who the learner plays: the baselines (`available_baselines`) and their mix with the
learner's own snapshots (`opponent_mix`)."""
import sys

from speciesgym.training.ppo.args import DEFAULT_BASELINES, parse_options, split_specs
from speciesgym.training.ppo.single_agent import SingleAgentEnv


def available_baselines(args):
    """The baseline specs: given ones, or random plus the heuristics that are installed."""
    if args.baselines:
        specs = split_specs(args.baselines)
    else:
        specs = ["random"]
        for spec in DEFAULT_BASELINES[args.game]:
            try:
                SingleAgentEnv(args.game, args.players, [spec], options=parse_options(args.option))
            except (ValueError, ImportError):
                print(f"train: {spec} not available, left out of the baselines", file=sys.stderr)
                continue
            specs.append(spec)
    for spec in specs:     # a bad spec fails here, named, before any training
        SingleAgentEnv(args.game, args.players, [spec], options=parse_options(args.option))
    return specs


def opponent_mix(baselines, checkpoints, self_play):
    """(specs, weights): baselines share 1 - self_play, checkpoints share self_play."""
    if not checkpoints or self_play == 0.0:
        return list(baselines), [1.0] * len(baselines)
    ppo = [f"ppo:{p}" for p in checkpoints]
    if self_play == 1.0:
        return ppo, [1.0] * len(ppo)
    return (list(baselines) + ppo,
            [(1 - self_play) / len(baselines)] * len(baselines) + [self_play / len(ppo)] * len(ppo))
