"""Seeds as an axis: `speciesgym train ... --seeds 0,1,2,3,4 [--workers K]`.

A sweep is one training run (training.ppo.train) per seed, all with the same arguments:

  runs/<name>/sweep.json          the shared config (every Args field except those in
                                  NOT_CONFIG) and every seed run so far
  runs/<name>/seed_<k>/           seed k's run, exactly what `train --seed k` writes
                                  (args.json, checkpoints/, final.zip, eval.csv, tb/)
  runs/<name>/logs/seed_<k>.log   seed k's output, appended on every rerun

Each seed runs in its own process (`python -m speciesgym.training.ppo.train`), at most `--workers` at once,
seeds in the given order. Rerunning the same command resumes: a seed whose final.zip has
reached --timesteps is skipped, one with checkpoints continues from its last one (as
`train --resume`), one without any checkpoint starts again from nothing. So Ctrl-C, SIGTERM or
a crash loses at most the steps since each running seed's last checkpoint. Ctrl-C or SIGTERM
to the sweep is passed once to every running seed (they run in their own sessions, so a
terminal's Ctrl-C reaches them only through the sweep), which stop as a single run does; the
sweep then exits with 130. A seed that fails (exit code other than 0) does not stop the
others; the sweep names it and its log, and exits with 1.

A sweep's config is stored once: rerunning the name with another config (another learning rate,
net, opponent mix, cadence...) is refused with a ValueError naming the differing fields, since
the report would mix runs of two recipes. Adding seeds or raising --timesteps is the same
config (the checkpoints up to the old step count do not depend on the total); --overwrite
deletes runs/<name>/ and starts the sweep again. Summarise a sweep with `speciesgym report
runs/<name>` (training.analysis.sweep_report).
"""
import dataclasses
import fcntl
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.training.ppo.args import Args, check_args, split_specs
from speciesgym.training.ppo.opponents import available_baselines
from speciesgym.training.ppo.run_folder import Run
from speciesgym.training.ppo.single_agent import SingleAgentEnv
from speciesgym.training.ppo.stored_args import differences, stored_config
from speciesgym.training.ppo.args import parse_options

# Args fields that may differ between the runs of one sweep: the seed itself, where and under
# which name a run lives, how it is started and shown, the step budget (checkpoints up to a
# step do not depend on it while the learning rate and clip range are constants, as in
# training.ppo.train: runs of 256 and 512 steps have equal weights at step 256), and the
# vectoriser (dummy and subproc give the same run; batched too, except that its `random`
# opponent draws from its own compiled generator: the same recipe, other random games).
NOT_CONFIG = ("seed", "name", "runs_dir", "resume", "overwrite", "progress", "timesteps", "vec")
SWEEP_FILE = "sweep.json"
LOCK_FILE = ".lock"             # held while the sweep or any seed it started runs
SEED_DIR = re.compile(r"seed_([0-9]+)")          # runs/<name>/seed_3
POLL_SECONDS = 0.2                                # how often the sweep looks at its workers


def parse_seeds(text):
    """--seeds as a list of distinct non-negative integers: "0,1,2,3,4" or a range "0-4"
    (both may be mixed: "0-2,7")."""
    seeds = []
    for part in str(text).split(","):
        part = part.strip()
        match = re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", part)
        if not match or (match.group(2) and int(match.group(2)) < int(match.group(1))):
            raise ValueError(f"--seeds {text!r}: give non-negative integers separated by "
                             f"commas, or a range a-b, e.g. --seeds 0,1,2,3,4 or --seeds 0-4")
        first = int(match.group(1))
        seeds += range(first, int(match.group(2) or first) + 1)
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"--seeds {text!r}: a seed is given twice")
    return seeds


def sweep_config(args):
    """The fields that make a sweep's recipe: every Args field but NOT_CONFIG."""
    return {k: v for k, v in dataclasses.asdict(args).items() if k not in NOT_CONFIG}


def sweep_dir(args):
    return os.path.join(args.runs_dir, args.name)


def seed_args(args, seed):
    """The Args of seed `seed`'s run: runs/<name>/seed_<seed>/, no progress bar."""
    return dataclasses.replace(args, seed=seed, name=f"{args.name}/seed_{seed}",
                               resume=False, overwrite=False, progress=False)


def seed_state(run_args):
    """(state, step) of one seed's run: ("done", step) when final.zip has reached
    --timesteps, ("resume", step of the last checkpoint), or ("start", 0)."""
    from speciesgym.agents.ppo_agent import read_metadata
    run = Run(run_args)
    final = os.path.join(run.dir, "final.zip")
    if os.path.isfile(final):
        try:
            step = int(read_metadata(final)["num_timesteps"])
        except (ValueError, KeyError):
            step = -1
        if step >= run_args.timesteps:
            return "done", step
    checkpoints = run.checkpoints()
    if checkpoints:
        return "resume", checkpoints[-1][0]
    return "start", 0


def argv_of(args):
    """The command line of training.ppo.train that gives back `args` (every field spelled out)."""
    out = []
    for f in dataclasses.fields(Args):
        value, flag = getattr(args, f.name), "--" + f.name.replace("_", "-")
        if f.type is bool:
            out.append(flag if value else "--no-" + flag[2:])
        elif f.type is list:
            for item in value:
                out += [flag, str(item)]
        else:
            out += [flag, str(value)]
    return out


def check_sweep(args, seeds):
    """Validate the sweep before anything is written; returns the stored sweep (or None).

    Refuses a name that holds a single run, or a sweep of another config."""
    directory = sweep_dir(args)
    path = os.path.join(directory, SWEEP_FILE)
    if args.overwrite or not os.path.isdir(directory):
        if args.resume and not os.path.isdir(directory):
            raise ValueError(f"--resume: no sweep in {directory}")
        return None
    if not os.path.isfile(path):
        if os.path.exists(os.path.join(directory, "args.json")) or \
                os.path.isdir(os.path.join(directory, "checkpoints")):
            raise ValueError(f"{directory} holds a single run, not a sweep; use another --name")
        if args.resume:
            raise ValueError(f"--resume: no sweep in {directory} ({SWEEP_FILE} is missing)")
        return None
    with open(path) as f:
        stored = json.load(f)
    differ = differences(stored_config(stored["config"], NOT_CONFIG), sweep_config(args))
    if differ:
        raise ValueError(f"{directory} is a sweep of another config ({differ}): one sweep holds "
                         f"one recipe, or its report would mix them; use another --name, or "
                         f"--overwrite to start this one again")
    return stored


def validate_specs(args):
    """Bad baseline, eval-opponent or teacher specs fail here, named, before any work."""
    options = parse_options(args.option)
    available_baselines(args)
    for spec in split_specs(args.eval_opponents) + split_specs(args.pretrain):
        SingleAgentEnv(args.game, args.players, [spec], options=options)


def write_sweep(args, seeds, stored):
    directory = sweep_dir(args)
    if args.overwrite:
        for entry in os.listdir(directory):
            path = os.path.join(directory, entry)
            if entry != LOCK_FILE:
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    os.makedirs(os.path.join(directory, "logs"), exist_ok=True)
    known = stored["seeds"] if stored else []
    record = {"config": sweep_config(args), "timesteps": args.timesteps,
              "seeds": known + [s for s in seeds if s not in known]}
    with atomic_write(os.path.join(directory, SWEEP_FILE)) as f:
        json.dump(record, f, indent=2)


def start_seed(args, seed, state, lock):
    """Start seed `seed`'s run in its own process and session, holding the sweep's `lock`
    descriptor too; returns (Popen, log file)."""
    run_args = seed_args(args, seed)
    if state == "resume":
        run_args = dataclasses.replace(run_args, resume=True)
    elif state == "start":
        run_args = dataclasses.replace(run_args, overwrite=True)    # clears a partial folder
    root = str(pathlib.Path(__file__).resolve().parents[2])   # the checkout holding speciesgym/
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    log = open(os.path.join(sweep_dir(args), "logs", f"seed_{seed}.log"), "a")
    log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} sweep: seed {seed}, {state}\n")
    log.flush()
    proc = subprocess.Popen(seed_command(run_args), stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, env=env, start_new_session=True,
                            pass_fds=(lock,))
    return proc, log


def seed_command(run_args):
    """The command of one seed's run: this Python, training.ppo.train, every field spelled out."""
    return [sys.executable, "-m", "speciesgym.training.ppo.train", *argv_of(run_args)]


def wait():
    """The pause between two looks at the running seeds."""
    time.sleep(POLL_SECONDS)


def say(text):
    print(text, flush=True)


class Forward:
    """SIGINT, SIGTERM (and SIGHUP, as SIGTERM) to the sweep: remembered, then sent once to
    every running seed."""

    def __init__(self):
        self.received = None
        self.previous = {}

    def install(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            self.previous[sig] = signal.signal(sig, self.handle)

    def handle(self, signum, frame):
        """A closed terminal (SIGHUP) stops the seeds as SIGTERM does."""
        self.received = self.received or (signal.SIGTERM if signum == signal.SIGHUP else signum)

    def restore(self):
        for sig, handler in self.previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)


def stop_all(running, sig):
    """Send `sig` once to every running seed and wait for each to save and stop."""
    for proc, _ in running.values():
        proc.send_signal(sig)
    for proc, log in running.values():
        proc.wait()
        log.close()
    running.clear()


def run_sweep(args, seeds, workers=1, out=say):
    """Run (or resume) every seed of the sweep; returns the exit code: 0 all done,
    1 a seed failed, 130 stopped by a signal."""
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if not seeds:
        raise ValueError("--seeds: give at least one seed")
    args = dataclasses.replace(args, name=args.name or f"{args.game}-{args.players}p-seeds")
    args = check_args(dataclasses.replace(args, seed=seeds[0]))
    check_sweep(args, seeds)                   # refuse bad input before writing anything
    validate_specs(args)
    lock = hold_lock(args)
    try:
        write_sweep(args, seeds, check_sweep(args, seeds))
        return run_seeds(args, seeds, workers, out, lock)
    finally:
        os.close(lock)


def hold_lock(args):
    """An exclusive lock on runs/<name>/.lock, or a ValueError if a sweep of that name (or a
    seed it started, which inherits the lock) is still running. Returns the descriptor."""
    directory = sweep_dir(args)
    os.makedirs(directory, exist_ok=True)
    fd = os.open(os.path.join(directory, LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise ValueError(f"{directory}: a sweep of this name, or a seed it started, is still "
                         f"running; stop it first (each seed resumes later)") from None
    return fd


def run_seeds(args, seeds, workers, out, lock):
    """Start, watch and stop the seeds' processes (each inherits the lock)."""
    directory = sweep_dir(args)
    pending = []
    for seed in seeds:
        state, step = seed_state(seed_args(args, seed))
        out(f"sweep {directory}: seed {seed}: " + {"done": f"done at step {step}",
                                                   "resume": f"resumes from step {step}",
                                                   "start": "starts"}[state])
        if state != "done":
            pending.append((seed, state))
    running, failed = {}, []
    forward = Forward()
    forward.install()
    try:
        while (pending or running) and not forward.received:
            while pending and len(running) < workers and not forward.received:
                seed, state = pending.pop(0)
                running[seed] = start_seed(args, seed, state, lock)
            for seed, (proc, log) in list(running.items()):
                code = proc.poll()
                if code is not None:
                    log.close()
                    del running[seed]
                    out(f"sweep {directory}: seed {seed} "
                        + ("finished" if code == 0 else f"FAILED (exit {code}), see {log.name}"))
                    if code != 0:
                        failed.append(seed)
            wait()
        if forward.received:
            stop_all(running, forward.received)
            out(f"sweep {directory}: stopped; run the same command again to resume")
            return 130
    finally:
        stop_all(running, signal.SIGTERM)        # after an error of the sweep itself
        forward.restore()
    if failed:
        out(f"sweep {directory}: seeds {', '.join(map(str, failed))} failed")
        return 1
    out(f"sweep {directory}: all {len(seeds)} seeds done; summary: "
        f"speciesgym report {directory}")
    return 0
