"""An RLlib-trained policy (training/rllib, `speciesgym train-rllib`) as an Agent: the spec
`rllib:<run folder>` loads the shared PPO module of `<run>/checkpoint` and plays the legal
action with the highest logit (the module masks illegal actions itself; the mask is applied
again here, so an illegal action can never come out).

The run folder's `speciesgym-rllib.json` says which game, player count and game options the
module was trained for; another game other options (when the caller names them), or other
observation or action sizes, is a ValueError naming the folder. Needs `pip install 'speciesgym[ray]'`.
"""
import json
import os

import numpy as np

from speciesgym.agents.base import Agent

META_NAME = "speciesgym-rllib.json"
MODULE_PATH = ("checkpoint", "learner_group", "learner", "rl_module", "shared")


def read_run(path):
    """The stored settings of an RLlib run folder; ValueError names what is missing."""
    meta_path = os.path.join(path, META_NAME)
    if not os.path.isdir(path):
        raise ValueError(f"RLlib run {path!r}: no such folder")
    if not os.path.isfile(meta_path):
        raise ValueError(f"RLlib run {path!r}: no {META_NAME}; not a speciesgym RLlib run "
                         f"(train one with `speciesgym train-rllib`)")
    if not os.path.isdir(os.path.join(path, *MODULE_PATH)):
        raise ValueError(f"RLlib run {path!r}: no checkpoint yet (no "
                         f"{os.path.join(*MODULE_PATH)})")
    with open(meta_path) as f:
        try:
            return json.load(f)
        except ValueError as exc:
            raise ValueError(f"RLlib run {path!r}: {META_NAME} is not JSON ({exc})") from None


class RLlibAgent(Agent):
    """The greedy (highest masked logit) player of an RLlib run's shared module."""

    def __init__(self, path, game, num_players, options=None):
        meta = read_run(path)
        from speciesgym.agents.runner import make_engine
        if meta.get("game") != game:
            raise ValueError(f"RLlib run {path!r} was trained for {meta.get('game')}, not "
                             f"{game}")
        engine = make_engine(game, num_players, **(options or {}))
        if options is not None and dict(meta.get("options") or {}) != dict(options):
            raise ValueError(f"RLlib run {path!r} was trained with options "
                             f"{meta.get('options')}, not {options or {}}")
        from ray.rllib.core.rl_module.rl_module import RLModule
        self.module = RLModule.from_checkpoint(os.path.abspath(os.path.join(path, *MODULE_PATH)))
        size = self.module.observation_space.shape[0]
        if size != engine.obs_size or self.module.action_space.n != engine.num_actions:
            raise ValueError(f"RLlib run {path!r}: observation {size} / actions "
                             f"{self.module.action_space.n}, the game has {engine.obs_size} / "
                             f"{engine.num_actions} (trained for {meta.get('players')} players)")
        self.name = f"rllib:{path}"

    def act(self, observation, action_mask, infoset=None):
        import torch
        from ray.rllib.core.columns import Columns
        legal = np.asarray(action_mask) > 0
        if not legal.any():
            raise ValueError("rllib agent asked to act with an empty action mask")
        obs = {"observations": torch.as_tensor(np.asarray(observation, np.float32)[None]),
               "action_mask": torch.as_tensor(legal.astype(np.float32)[None])}
        with torch.no_grad():
            out = self.module.forward_inference({Columns.OBS: obs})
        logits = out[Columns.ACTION_DIST_INPUTS][0].numpy().astype(np.float64)
        logits[~legal] = -np.inf
        return int(np.argmax(logits))
