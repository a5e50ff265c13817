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
import dataclasses
import json
import os
import re
import shutil
import sys
import time

from speciesgym.training.decisions.during_training import suite_eval_from_args
from speciesgym.training.ppo.stored_args import LEGACY_FIELDS, differences, stored_config
from speciesgym.training.ppo.single_agent import SingleAgentEnv, make_game_engine
from speciesgym.training.ppo.args import (HEURISTICS, Args, add_arguments, args_from_namespace,  # noqa: F401
                                  check_args, parse_options, split_specs)


CHECKPOINT_NAME = re.compile(r"step_([0-9]+)\.zip")     # checkpoints/step_0000001024.zip


def available_baselines(args):
    """The baseline specs: given ones, or random plus the heuristics that are installed."""
    if args.baselines:
        specs = split_specs(args.baselines)
    else:
        specs = ["random"]
        for spec in HEURISTICS[args.game]:
            try:
                SingleAgentEnv(args.game, args.players, [spec], options=parse_options(args.option))
            except (ValueError, ImportError):
                print(f"train: {spec} not available, left out of the baselines", file=sys.stderr)
                continue
            specs.append(spec)
    for spec in specs:     # a bad spec fails here, named, before any training
        SingleAgentEnv(args.game, args.players, [spec], options=parse_options(args.option))
    return specs


class Run:
    """The files of runs/<name>/: checkpoints (for --resume) and the self-play pool's
    snapshots, each a folder of step_<digits>.zip files."""

    def __init__(self, args):
        self.dir = os.path.join(args.runs_dir, args.name)
        self.ckpt_dir = os.path.join(self.dir, "checkpoints")
        self.pool_dir = os.path.join(self.dir, "pool")
        self.eval_csv = os.path.join(self.dir, "eval.csv")

    def checkpoints(self):
        """(step, path) of every complete checkpoint, oldest first: the files named
        step_<digits>.zip. Anything else in the folder (`step_abc.zip`, a half-written
        `.step_N.zip.<pid>.tmp`, notes) is ignored by --resume and the self-play pool."""
        return steps_in(self.ckpt_dir)

    def snapshots(self):
        """(step, path) of the self-play pool's snapshots, oldest first (as checkpoints)."""
        return steps_in(self.pool_dir)

    def checkpoint_path(self, step):
        return os.path.join(self.ckpt_dir, f"step_{step:010d}.zip")

    def snapshot_path(self, step):
        return os.path.join(self.pool_dir, f"step_{step:010d}.zip")


def steps_in(folder):
    if not os.path.isdir(folder):
        return []
    out = []
    for f in os.listdir(folder):
        match = CHECKPOINT_NAME.fullmatch(f)
        path = os.path.join(folder, f)
        if match and os.path.isfile(path):
            out.append((int(match.group(1)), path))
    return sorted(out)


def link_or_copy(source, target):
    """`target` as a second name of `source` (a copy where links are not possible)."""
    tmp = f"{target}.{os.getpid()}.tmp"
    try:
        os.link(source, tmp)
    except OSError:
        shutil.copyfile(source, tmp)
    os.replace(tmp, target)


# Args fields a resume may change: where the run lives and how it is shown, the step budget,
# the vectoriser (as for a sweep's seeds, training.ppo.sweep.NOT_CONFIG), and what is written when
# (checkpoint and evaluation cadence, evaluation games and opponents: they never change the
# weights). Every other field is the run's own: a resume that gives another value is refused.
RESUME_FREE = ("name", "runs_dir", "resume", "overwrite", "progress", "timesteps", "vec",
               "checkpoint_every", "eval_every", "eval_games", "eval_opponents", "eval_suite",
               "eval_suite_positions")


def check_resume(run, args):
    """ValueError, before anything is written, if --resume gives the run other values than
    its args.json holds (another net, learning rate, player count, option...): the model
    loaded from the checkpoint would not be the run args.json then describes."""
    path = os.path.join(run.dir, "args.json")
    if not os.path.isfile(path):
        return
    with open(path) as f:
        stored = json.load(f)
    given = {k: v for k, v in dataclasses.asdict(args).items() if k not in RESUME_FREE}
    for key, like in LEGACY_FIELDS.items():          # resumed_pool follows the old cadence
        if key not in stored:
            given[key] = stored.get(like, given[key])
    differ = differences(stored_config(stored, RESUME_FREE), given)
    if differ:
        raise ValueError(f"--resume: {run.dir} was trained with other settings ({differ}); "
                         f"give the stored values, or start a run under another --name")


def resumed_pool(run, args, step0, existing):
    """The pool's snapshots when resuming from the checkpoint at `step0`: those after it came
    from steps that are played again, so they go. A run started before --pool-every existed
    pooled its checkpoints: its pool starts from them and keeps their cadence (returns args
    with pool_every = checkpoint_every, and says so)."""
    for step, path in run.snapshots():
        if step > step0:
            os.remove(path)
    stored = os.path.join(run.dir, "args.json")
    if os.path.isfile(stored):
        with open(stored) as f:
            legacy = "pool_every" not in json.load(f)
        if legacy:
            print(f"train: {run.dir} began before --pool-every; its self-play pool keeps "
                  f"following its checkpoints (every {args.checkpoint_every} steps)")
            os.makedirs(run.pool_dir, exist_ok=True)
            for step, path in existing[-args.pool_size:]:
                if not os.path.exists(run.snapshot_path(step)):
                    link_or_copy(path, run.snapshot_path(step))
            args = dataclasses.replace(args, pool_every=args.checkpoint_every)
    return args


def opponent_mix(baselines, checkpoints, self_play):
    """(specs, weights): baselines share 1 - self_play, checkpoints share self_play."""
    if not checkpoints or self_play == 0.0:
        return list(baselines), [1.0] * len(baselines)
    ppo = [f"ppo:{p}" for p in checkpoints]
    if self_play == 1.0:
        return ppo, [1.0] * len(ppo)
    return (list(baselines) + ppo,
            [(1 - self_play) / len(baselines)] * len(baselines) + [self_play / len(ppo)] * len(ppo))


def evaluate(agent, args, opponent, seed):
    """The agent against `opponent` in args.eval_games games (seats rotating, fixed seeds):
    (win share, mean reward, mean score). With --vec batched the games run side by side
    (training.ppo.batched_eval), with the same figures."""
    if args.vec == "batched":
        from speciesgym.training.ppo.batched_eval import evaluate_batched
        return evaluate_batched(agent, args.game, args.players, opponent, args.eval_games,
                                seed, args.reward, parse_options(args.option))
    env = SingleAgentEnv(args.game, args.players, [opponent], reward=args.reward,
                         seed=seed, options=parse_options(args.option))
    wins = rewards = scores = 0.0
    for _ in range(args.eval_games):
        obs, _ = env.reset()
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(agent.act(obs, env.action_masks()))
            done = done or truncated
        wins += info.get("win", 0.0)
        rewards += reward
        scores += info.get("score", 0.0)
    n = args.eval_games
    return wins / n, rewards / n, scores / n


def make_vec_env(args, specs, weights, seed):
    if args.vec == "batched":
        from speciesgym.training.ppo.batched_env import make_batched_vec_env
        return make_batched_vec_env(args, specs, weights, seed)
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    options = parse_options(args.option)

    def factory(rank):
        def make():
            import torch
            torch.set_num_threads(1)
            env = SingleAgentEnv(args.game, args.players, specs, weights, reward=args.reward,
                                 seat_offset=rank, seed=seed + rank, options=options,
                                 shaping=args.shaping)
            return Monitor(env, info_keywords=("win",))
        return make

    makers = [factory(i) for i in range(args.envs)]
    venv = SubprocVecEnv(makers, start_method="spawn") if args.vec == "subproc" \
        else DummyVecEnv(makers)
    venv.seed(seed)
    return venv


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
    if args.resume:
        check_resume(run, args)
        args = resumed_pool(run, args, existing[-1][0], existing)

    from speciesgym.training.ppo.session import Session     # torch, stable-baselines3
    session = Session(args, run, engine, options, baselines, eval_opponents, suite_eval,
                      existing)
    final_rows = session.play()
    print_table(args, session.model.num_timesteps, final_rows)
    return final_rows


def behaviour_clone(model, args, teachers, options, run_dir):
    """Warm start: imitate `teachers` (training.ppo.imitation), in `pretrain_rounds` DAgger
    rounds; the figures of every round go to pretrain.json."""
    from speciesgym.agents.ppo_agent import PPOAgent
    from speciesgym.training.ppo.imitation import collect, pretrain
    start = time.perf_counter()
    rounds, demos = [], None
    for r in range(args.pretrain_rounds):
        student = PPOAgent.from_model(model) if r else None
        games = args.pretrain_games if r == 0 else max(1, args.pretrain_games // 2)
        demos = collect(args.game, args.players, teachers, games, seed=args.seed + 7919 * r,
                        options=options, reward=args.reward, shaping=args.shaping,
                        gamma=args.gamma, student=student, into=demos)
        print(f"train: imitation round {r + 1}: {len(demos)} decisions from {demos.games} "
              f"games of {', '.join(teachers)} ({time.perf_counter() - start:.0f} s)",
              file=sys.stderr)

        def log(stats):
            print(f"train: imitation epoch {stats['epoch']}: loss {stats['loss']:.3f}, held-out "
                  f"accuracy {stats['accuracy']:.1%}, value error {stats['value_mse']:.3f}",
                  file=sys.stderr)

        stats = pretrain(model, demos, epochs=args.pretrain_epochs, batch_size=args.batch_size,
                         learning_rate=args.pretrain_lr, seed=args.seed + r, log=log)
        rounds.append(dict(stats, round=r + 1, games=demos.games, decisions=len(demos)))
    summary = dict(rounds[-1], teachers=teachers, rounds=rounds,
                   seconds=round(time.perf_counter() - start, 1))
    with open(os.path.join(run_dir, "pretrain.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return summary


def print_table(args, step, rows):
    print(f"{args.name}: {args.game}, {args.players} players, {step} steps; "
          f"win rate over {args.eval_games} games, seats rotating")
    for row in rows:
        print(f"  vs {row[1]:<22} win {row[3]:6.1%}   mean score {row[5]:7.2f}")


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
