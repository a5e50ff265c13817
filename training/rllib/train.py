"""Self-play PPO with RLlib: one policy shared by every seat ("shared"), trained on
training.rllib.env with training.rllib.module's action masking; `--num-env-runners` Ray
workers sample games side by side.

The run folder (`out`):
- `speciesgym-rllib.json`: what was trained (game, players, options, reward, net, seed, batch
  sizes); a rerun with other settings in the same folder is refused with the difference named.
- `checkpoint/`: the whole algorithm after the last finished save, written to a temporary
  folder and renamed into place (the old one kept as `checkpoint.old/` until then), so a crash
  or Ctrl-C loses at most the iterations since the last save. A rerun resumes from it.
- `progress.csv`: per iteration: env steps sampled so far, seconds, steps per second, mean
  episode length.
- `checkpoint/learner_group/learner/rl_module/shared` is the trained module; the agent spec
  `rllib:<out>` plays it (agents.rllib_agent).
"""
import csv
import json
import os
import shutil
import time
from dataclasses import asdict, dataclass, field

META_NAME = "speciesgym-rllib.json"
FORMAT = "speciesgym-rllib-1"
POLICY = "shared"
MODULE_PATH = ("learner_group", "learner", "rl_module", POLICY)


@dataclass
class RLlibConfig:
    game: str = "evolution"
    players: int = 2
    options: dict = field(default_factory=dict)
    reward: str = "win"
    net: tuple = (128, 128)
    seed: int = 0
    num_env_runners: int = 1
    batch: int = 4000               # env steps per training iteration
    minibatch: int = 256
    epochs: int = 4
    lr: float = 3e-4

    def meta(self):
        """The stored form (num_env_runners may change between runs of one folder)."""
        out = asdict(self)
        out["net"] = list(self.net)
        out.pop("num_env_runners")
        return dict(out, format=FORMAT)


def check_config(config):
    from speciesgym.training.games import GAMES
    if config.game not in GAMES:
        raise ValueError(f"unknown game {config.game!r}; choose one of {', '.join(GAMES)}")
    if isinstance(config.players, bool) or not 2 <= int(config.players) <= 6:
        raise ValueError(f"players must be an integer from 2 to 6, got {config.players!r}")
    if config.num_env_runners < 0:
        raise ValueError(f"num_env_runners must be >= 0, got {config.num_env_runners}")
    for name in ("batch", "minibatch", "epochs"):
        if getattr(config, name) < 1:
            raise ValueError(f"{name} must be >= 1, got {getattr(config, name)}")
    if not config.net or any(int(w) < 1 for w in config.net):
        raise ValueError(f"net must be positive layer widths, got {config.net!r}")


def algorithm_config(config):
    """The RLlib PPOConfig of a run."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from speciesgym.training.rllib.env import GameMultiAgentEnv
    from speciesgym.training.rllib.module import MaskedPPOModule
    env_config = {"game": config.game, "players": config.players, "options": config.options,
                  "reward": config.reward, "seed": config.seed}
    module = RLModuleSpec(module_class=MaskedPPOModule,
                          model_config={"fcnet_hiddens": list(config.net),
                                        "fcnet_activation": "tanh",
                                        "vf_share_layers": False})
    return (PPOConfig()
            .environment(GameMultiAgentEnv, env_config=env_config,
                         disable_env_checking=True)    # its random actions are illegal
            .multi_agent(policies={POLICY}, policy_mapping_fn=_shared)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: module}))
            .env_runners(num_env_runners=config.num_env_runners, num_envs_per_env_runner=1)
            .training(train_batch_size_per_learner=config.batch,
                      minibatch_size=config.minibatch, num_epochs=config.epochs, lr=config.lr)
            .debugging(seed=config.seed))


def _shared(agent_id, episode, **kwargs):
    return POLICY


def _check_folder(config, out):
    path = os.path.join(out, META_NAME)
    if not os.path.exists(path):
        return
    with open(path) as f:
        try:
            stored = json.load(f)
        except ValueError as exc:
            raise ValueError(f"{path} is not JSON ({exc}); use another --out") from None
    asked = config.meta()
    diffs = [f"{k}: stored {stored.get(k)!r}, asked {asked[k]!r}"
             for k in asked if stored.get(k) != asked[k]]
    if diffs:
        raise ValueError(f"{out} holds another RLlib run ({'; '.join(diffs)}); use another "
                         f"--out or the same settings")


def train_rllib(config, out, iterations, save_every=5, log=print):
    """Train until `iterations` training iterations are done in `out` (resuming what is
    there); returns the number of env steps sampled over the whole run."""
    check_config(config)
    _check_folder(config, out)
    import ray
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, META_NAME), "w") as f:
        json.dump(config.meta(), f, indent=2)
    started = None
    if not ray.is_initialized():
        from speciesgym.training.cluster import local as ray_local
        started = ray_local.start(max(2, config.num_env_runners + 1))
    try:
        algo = algorithm_config(config).build_algo()
        ckpt = os.path.join(out, "checkpoint")
        done = _progress_rows(out)
        if os.path.isdir(ckpt) and done:
            algo.restore_from_path(os.path.abspath(ckpt))
            log(f"resumed {out} after iteration {done}")
        steps = 0
        try:
            for it in range(done + 1, iterations + 1):
                t0 = time.perf_counter()
                result = algo.train()
                seconds = time.perf_counter() - t0
                steps = int(result["env_runners"]["num_env_steps_sampled_lifetime"])
                sampled = int(result["env_runners"].get("num_env_steps_sampled", 0))
                length = float(result["env_runners"].get("episode_len_mean", float("nan")))
                saved = it % save_every == 0 or it == iterations
                if saved:
                    save(algo, out)
                _append_progress(out, it, steps, seconds, sampled / max(seconds, 1e-9), length,
                                 saved)
                log(f"iteration {it}: {steps} env steps, {sampled / max(seconds, 1e-9):.0f} "
                    f"steps/s, episode length {length:.0f}")
        finally:
            algo.stop()
        return steps
    finally:
        if started is not None:
            from speciesgym.training.cluster import local as ray_local
            ray_local.stop(started)


def save(algo, out):
    """Save the algorithm to out/checkpoint through a temporary folder and a rename."""
    final = os.path.abspath(os.path.join(out, "checkpoint"))
    tmp, old = final + ".tmp", final + ".old"
    shutil.rmtree(tmp, ignore_errors=True)
    algo.save_to_path(tmp)
    if os.path.isdir(final):
        shutil.rmtree(old, ignore_errors=True)
        os.rename(final, old)
    os.rename(tmp, final)
    shutil.rmtree(old, ignore_errors=True)


def _progress_rows(out):
    """Iterations recorded in progress.csv (those saved: rows after the last save are
    dropped, since their training was lost)."""
    path = os.path.join(out, "progress.csv")
    if not os.path.exists(path):
        return 0
    with open(path) as f:
        rows = list(csv.DictReader(f))
    saved = [r for r in rows if r.get("saved") == "1"]
    keep = rows[:rows.index(saved[-1]) + 1] if saved else []
    _write_rows(path, keep)
    return int(keep[-1]["iteration"]) if keep else 0


COLUMNS = ("iteration", "env_steps", "seconds", "steps_per_second", "episode_len_mean", "saved")


def _write_rows(path, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def _append_progress(out, it, steps, seconds, rate, length, saved):
    path = os.path.join(out, "progress.csv")
    new = not os.path.exists(path)
    with open(path, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        if new:
            writer.writeheader()
        writer.writerow({"iteration": it, "env_steps": steps, "seconds": f"{seconds:.2f}",
                         "steps_per_second": f"{rate:.1f}", "episode_len_mean": f"{length:.1f}",
                         "saved": int(saved)})
