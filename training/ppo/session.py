"""One `speciesgym train` run while it trains (training.ppo.train checks the arguments and the
run's folder first): the model and its envs, the files written on their cadences
(checkpoints, the self-play pool's snapshots, eval.csv) and the learn() loop with its stop
handling. Imports torch and stable-baselines3, so training.ppo.train imports it only to train.
"""
import csv
import dataclasses
import json
import os
import random
import sys
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from speciesgym.agents.ppo_agent import PPOAgent, check_metadata, read_metadata, write_checkpoint
from speciesgym.training.decisions.during_training import SUITE_COLUMNS
from speciesgym.training.ppo.signals import StopSignals
from speciesgym.training.ppo.args import net_layers, split_specs
from speciesgym.training.ppo.evaluation import evaluate
from speciesgym.training.ppo.from_net import activation_fn, load_into, stacks
from speciesgym.training.ppo.imitation import behaviour_clone
from speciesgym.training.ppo.opponents import opponent_mix
from speciesgym.training.ppo.run_folder import link_or_copy
from speciesgym.training.ppo.vec_env import make_vec_env

EVAL_HEADER = ["step", "opponent", "games", "win_rate", "mean_reward", "mean_score",
               "seconds", "cpu_seconds"]


class EvalLog:
    """eval.csv: one row per evaluation and opponent (and the suite's scores), appended and
    flushed as each is known, so a stopped run keeps what it measured."""

    def __init__(self, path, suite_eval):
        new = not os.path.exists(path)
        self.file = open(path, "a", newline="")
        self.writer = csv.writer(self.file)
        if new:
            self.write(EVAL_HEADER + (SUITE_COLUMNS if suite_eval else []))
        elif suite_eval:
            suite_eval.check_header(path)

    def write(self, row):
        self.writer.writerow(row)
        self.file.flush()

    def close(self):
        self.file.close()


class Session:
    """The run's model, envs and files; `play()` trains to args.timesteps and returns the
    final evaluation rows."""

    def __init__(self, args, run, engine, options, baselines, eval_opponents, suite_eval,
                 existing, init=None):
        self.args, self.run, self.options = args, run, options
        self.baselines, self.eval_opponents, self.suite_eval = baselines, eval_opponents, suite_eval
        self.stop = StopSignals()           # installed while play() runs
        # seeding, up front
        random.seed(args.seed)
        np.random.seed(args.seed)
        torch.manual_seed(args.seed)
        torch.set_num_threads(args.threads)
        os.makedirs(run.ckpt_dir, exist_ok=True)
        os.makedirs(run.pool_dir, exist_ok=True)
        with open(os.path.join(run.dir, "args.json"), "w") as f:
            json.dump(dataclasses.asdict(args), f, indent=2)
        self.meta = {"game": args.game, "num_players": args.players, "options": options,
                     "obs_size": engine.obs_size, "num_actions": engine.num_actions,
                     "reward": args.reward, "run": args.name, "seed": args.seed}
        pool_paths = [p for _, p in run.snapshots()[-args.pool_size:]]
        specs, weights = opponent_mix(baselines, pool_paths, args.self_play)
        self.cpu_start, self.cpu_before = time.process_time(), 0.0
        if args.resume:
            self.model, self.venv = self.resumed_model(existing[-1], specs, weights)
        else:
            self.model, self.venv = self.new_model(specs, weights, init)
        self.log = EvalLog(run.eval_csv, suite_eval)

    def new_model(self, specs, weights, init=None):
        """A fresh MaskablePPO; with `init` (a net packed from PPO, --init) its weights."""
        args = self.args
        venv = make_vec_env(args, specs, weights, args.seed)
        net = net_layers(args.net)
        vf = net_layers(args.vf_net, "--vf-net") if args.vf_net else net
        policy_kwargs = {"net_arch": {"pi": net, "vf": vf}}
        if init is not None:
            policy_kwargs["activation_fn"] = activation_fn(stacks(init)[2])
        model = MaskablePPO(
            "MlpPolicy", venv, learning_rate=args.learning_rate, n_steps=args.n_steps,
            batch_size=args.batch_size, n_epochs=args.n_epochs, gamma=args.gamma,
            gae_lambda=args.gae_lambda, clip_range=args.clip_range, ent_coef=args.ent_coef,
            policy_kwargs=policy_kwargs, seed=args.seed, device="cpu",
            tensorboard_log=os.path.join(self.run.dir, "tb"), verbose=0)
        if init is not None:
            load_into(model.policy, init)
        return model, venv

    def resumed_model(self, last_checkpoint, specs, weights):
        args = self.args
        step0, last = last_checkpoint
        last_meta = read_metadata(last)
        check_metadata(last, last_meta, args.game, args.players, self.options)
        self.cpu_before = float(last_meta.get("cpu_seconds", 0.0))
        venv = make_vec_env(args, specs, weights, args.seed + step0)
        model = MaskablePPO.load(last, env=venv, device="cpu",
                                 tensorboard_log=os.path.join(self.run.dir, "tb"))
        model.set_random_seed(args.seed + step0)
        print(f"train: resuming {self.run.dir} from step {model.num_timesteps}")
        return model, venv

    def cpu_seconds(self):
        """CPU time of this process since the run began, resumed parts included (with
        --vec subproc the env workers' CPU is not counted)."""
        return round(self.cpu_before + time.process_time() - self.cpu_start, 1)

    def logger(self):
        """The model's logger once learn() has set it up, else None."""
        return self.model.logger if getattr(self.model, "_logger", None) is not None else None

    def evaluate(self, step):
        """Evaluate against every eval opponent (and the suite); rows go to eval.csv."""
        args, rows = self.args, []
        agent = PPOAgent.from_model(self.model)
        for i, opponent in enumerate(self.eval_opponents):
            start = time.perf_counter()
            win, rew, score = evaluate(agent, args, opponent, args.seed + 1_000_003 * (i + 1))
            row = [step, opponent, args.eval_games, round(win, 4), round(rew, 4),
                   round(score, 2), round(time.perf_counter() - start, 1), self.cpu_seconds()]
            self.log.write(row)
            if self.logger() is not None:
                self.logger().record(f"eval/win_rate_{opponent}", win)
            rows.append(row)
        if self.suite_eval:
            score = self.suite_eval.score(agent)
            self.log.write(self.suite_eval.row(step, score, self.cpu_seconds()))
            if self.logger() is not None:
                self.suite_eval.log(self.logger(), score)
        return rows

    def write_model(self, path, **extra):
        """Write the model to `path`; a signal arriving meanwhile stops the run once the
        file is complete (StopSignals.held)."""
        with self.stop.held():
            write_checkpoint(self.model, path,
                             dict(self.meta, num_timesteps=int(self.model.num_timesteps),
                                  **extra, args=dataclasses.asdict(self.args)))

    def save(self, step):
        """A checkpoint at `step`; the oldest beyond --pool-size go."""
        self.write_model(self.run.checkpoint_path(step), cpu_seconds=self.cpu_seconds())
        for _, old in self.run.checkpoints()[:-self.args.pool_size]:
            os.remove(old)

    def snapshot(self, step):
        """The learner joins the self-play pool (a second name of the checkpoint written at
        the same step, if any); the oldest leave it."""
        args, run = self.args, self.run
        if args.self_play == 0.0:
            return
        path, ckpt = run.snapshot_path(step), run.checkpoint_path(step)
        if os.path.isfile(ckpt):
            link_or_copy(ckpt, path)
        else:
            self.write_model(path)
        snaps = run.snapshots()
        for _, old in snaps[:-args.pool_size]:
            os.remove(old)
        pool = [p for _, p in snaps[-args.pool_size:]]
        self.venv.env_method("set_opponents", *opponent_mix(self.baselines, pool, args.self_play))

    def play(self):
        """Clone (a fresh run with --pretrain), learn to args.timesteps, save and evaluate
        the final policy; Ctrl-C or SIGTERM stops it with its checkpoints complete."""
        args, model = self.args, self.model
        remaining = args.timesteps - model.num_timesteps
        teachers = split_specs(args.pretrain) if model.num_timesteps == 0 else []
        stop = self.stop
        checks = torch.distributions.Distribution._validate_args
        try:
            # torch's argument checks of every Categorical (a simplex test per rollout step and
            # minibatch: 16% of a Dominant Species PPO step) are off while this run trains:
            # they check, they do not compute, so the numbers are the same (test).
            torch.distributions.Distribution.set_default_validate_args(False)
            stop.install()
            if teachers:
                behaviour_clone(model, args, teachers, self.options, self.run.dir)
                stop.check()
                self.save(0)
                self.snapshot(0)
                if args.eval_every > 0:
                    self.evaluate(0)
            if remaining > 0:
                model.learn(remaining, callback=RunCallback(self, stop),
                            reset_num_timesteps=not args.resume, progress_bar=args.progress,
                            tb_log_name="ppo")
            stop.check()
            self.save(model.num_timesteps)
            self.write_model(os.path.join(self.run.dir, "final.zip"),
                             cpu_seconds=self.cpu_seconds())
            final_rows = self.evaluate(model.num_timesteps)
            stop.check()
        except KeyboardInterrupt:
            last = self.run.checkpoints()
            where = f"{last[-1][1]} (step {last[-1][0]})" if last else "none yet"
            print(f"\ntrain: interrupted; last checkpoint: {where}; continue with --resume",
                  file=sys.stderr)
            raise
        finally:
            torch.distributions.Distribution.set_default_validate_args(checks)
            stop.restore()
            self.log.close()
            self.venv.close()
        return final_rows


def next_multiple(step, every):
    return (step // every + 1) * every


class RunCallback(BaseCallback):
    """Checkpoints, pool snapshots and evaluations between rollouts (after each PPO update);
    each on its own cadence."""

    def __init__(self, session, stop):
        super().__init__()
        self.session, self.stop = session, stop

    def _on_training_start(self):
        args = self.session.args
        self.next_ckpt = next_multiple(self.num_timesteps, args.checkpoint_every)
        self.next_pool = next_multiple(self.num_timesteps, args.pool_every)
        self.next_eval = next_multiple(self.num_timesteps, args.eval_every) \
            if args.eval_every > 0 else None

    def _on_rollout_start(self):
        session, args, step = self.session, self.session.args, self.num_timesteps
        if step >= self.next_ckpt:
            session.save(step)
            self.next_ckpt = next_multiple(step, args.checkpoint_every)
        if step >= self.next_pool:
            session.snapshot(step)
            self.next_pool = next_multiple(step, args.pool_every)
        if self.next_eval is not None and step >= self.next_eval:
            session.evaluate(step)
            self.next_eval = next_multiple(step, args.eval_every)

    def _on_step(self):
        self.stop.check()
        for done, info in zip(self.locals["dones"], self.locals["infos"]):
            if done and "win" in info:
                self.logger.record_mean("rollout/win_rate", info["win"])
        return True
