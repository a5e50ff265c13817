"""Self-play MaskablePPO for one seat of a game: `speciesgym train` (or `python -m speciesgym.training.ppo.train`).

The learner plays one seat of `--envs` parallel games (training.ppo.single_agent.SingleAgentEnv);
every opponent seat is drawn per episode from a pool: with probability `--self-play` one of
the learner's last `--pool-size` snapshots (taken every `--pool-every` steps), otherwise a
baseline (`random`, heuristics). The pool has its own cadence so that checkpoints and
evaluations change only what is written, never the result (a test trains at several
checkpoint and evaluation cadences and gets the same weights).

A run lives in `runs/<name>/`:
  args.json                the arguments of the run
  checkpoints/step_N.zip   every `--checkpoint-every` steps, written atomically
  pool/step_N.zip          the self-play pool's snapshots (a second name of the checkpoint
                           when both fall on one step)
  final.zip                the policy at the end (same format; `ppo:runs/<name>/final.zip`)
  eval.csv                 every `--eval-every` steps: win rate against each eval opponent,
                           with the run's CPU seconds so far; with `--eval-suite feeding` also
                           the decision scores (training.decisions.during_training)
  tb/                      TensorBoard logs (`tensorboard --logdir runs`)
  pretrain.json            with `--pretrain <teachers>`: the behaviour-cloning figures; the
                           cloned policy is checkpointed and evaluated as step 0

`--seeds 0,1,2,3,4 [--workers K]` makes it a sweep: one such run per seed in
runs/<name>/seed_<k>/, the config stored once, rerun to resume (training.ppo.sweep); `speciesgym
report runs/<name>` summarises it across seeds (training.analysis.sweep_report).

`--resume` loads the last checkpoint and continues up to `--timesteps` in total; files in
checkpoints/ and pool/ not named step_<digits>.zip (`step_abc.zip`, notes) are ignored by it
and by the self-play pool; snapshots after the checkpoint it resumes from are dropped (those
steps are played again). Ctrl-C (SIGINT) or SIGTERM stops a run; its checkpoints stay complete (atomic
writes) and the command exits with 130. The run installs its own handler for both signals
before it writes anything to checkpoints/, so a run started with SIGINT ignored (a
background job of a non-interactive shell inherits that) still stops on it, and a signal
whose KeyboardInterrupt Python discards (raised inside a finalizer) still stops it at the
next environment step (training.ppo.signals).

Reproducibility: the seed fixes torch, numpy, every env (game seeds, seats, opponent choice)
and the evaluation games, so the same command on the same machine gives the same run
(a test checks it with DummyVecEnv and one torch thread; SubprocVecEnv seeds each worker
the same way and gathers results in env order). Torch kernels may
differ across CPUs or thread counts (`--threads`). A resumed run restarts its games from
seeds derived from the step count, so it equals a fresh run of the same command only up to
the checkpoint it resumed from.
"""
import argparse
import os
import shutil
import sys

from speciesgym.training.decisions.during_training import suite_eval_from_args
from speciesgym.training.ppo.evaluation import print_table
from speciesgym.training.ppo.from_net import init_widths
from speciesgym.training.ppo.opponents import available_baselines
from speciesgym.training.ppo.run_folder import Run, check_resume, resumed_pool
from speciesgym.training.ppo.single_agent import SingleAgentEnv, make_game_engine
from speciesgym.training.ppo.args import (DEFAULT_BASELINES, Args, add_arguments, args_from_namespace,  # noqa: F401
                                  check_args, parse_options, split_specs)


def start_net(args, engine):
    """The --init net, checked against the game and the run's flags: it sets the policy's
    widths (--net and --vf-net must be its own, or not given) and replaces --pretrain."""
    net, actor, critic = init_widths(args.init, args.game, engine.obs_size, engine.num_actions)
    if args.pretrain:
        raise ValueError(f"--init {args.init} and --pretrain {args.pretrain}: give one of them "
                         f"(the net is the starting policy that cloning would make)")
    given = (args.net, args.vf_net or args.net)      # Args' defaults count as not given
    if given != (actor, critic) and given != (Args.net, Args.vf_net or Args.net):
        raise ValueError(f"--init {args.init} has an actor of {actor} and a critic of {critic}; "
                         f"--net {args.net} --vf-net {args.vf_net or args.net} differ (leave "
                         f"them out with --init)")
    args.net, args.vf_net = actor, critic
    print(f"train: starting from {args.init} (--net {actor} --vf-net {critic})")
    return net


def train(args):
    """Train (or resume) the run named by args; returns the final evaluation rows."""
    args = check_args(args)
    run = Run(args)
    options = parse_options(args.option)
    engine = make_game_engine(args.game, args.players, options)
    baselines = available_baselines(args)
    eval_opponents = split_specs(args.eval_opponents) or baselines
    suite_eval = suite_eval_from_args(args, options)      # a bad suite fails here
    for spec in split_specs(args.pretrain):     # a bad teacher fails here, before any work
        SingleAgentEnv(args.game, args.players, [spec], options=options)
    existing = run.checkpoints()
    if args.overwrite and os.path.isdir(run.dir):
        shutil.rmtree(run.dir)
        existing = []
    if args.resume and not existing:
        raise ValueError(f"--resume: no checkpoint in {run.ckpt_dir}")
    if not args.resume and existing:
        raise ValueError(f"run {run.dir} already has checkpoints; use --resume to continue it, "
                         f"--overwrite to start again, or another --name")
    init = None
    if args.init and not args.resume:
        init = start_net(args, engine)
    if args.resume:
        check_resume(run, args)
        args = resumed_pool(run, args, existing[-1][0], existing)

    from speciesgym.training.ppo.session import Session     # torch, stable-baselines3
    session = Session(args, run, engine, options, baselines, eval_opponents, suite_eval,
                      existing, init)
    final_rows = session.play()
    print_table(args, session.model.num_timesteps, final_rows)
    return final_rows


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m speciesgym.training.ppo.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    try:
        train(args_from_namespace(parser.parse_args(argv)))
    except ValueError as exc:
        print(f"train: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
