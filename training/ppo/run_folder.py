"""The files of a training run (`runs/<name>/`): checkpoints and the self-play pool's
snapshots (`Run`), and what `--resume` checks and keeps (`check_resume`, `resumed_pool`)."""
import dataclasses
import json
import os
import re
import shutil

from speciesgym.training.ppo.stored_args import LEGACY_FIELDS, differences, stored_config

CHECKPOINT_NAME = re.compile(r"step_([0-9]+)\.zip")     # checkpoints/step_0000001024.zip


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
