"""A learned MaskablePPO policy as an Agent, and the checkpoint format it reads.

A checkpoint is the zip that `MaskablePPO.save` writes, plus one extra member,
`speciesgym.json`, holding what the policy was trained for: game, player count, game options,
observation size, action count, reward mode, step count and the training arguments. SB3 ignores
the extra member; `PPOAgent.load` reads it first and refuses a checkpoint of another game,
other options, or other observation or action sizes with a ValueError naming the file; any
player count whose sizes match is accepted (check_metadata).

`write_checkpoint` writes to a temporary file in the same folder, flushes it to disk and then
`os.replace`s it onto the final name, so an interrupted run never leaves a broken checkpoint.
"""
import io
import json
import os
import zipfile

import numpy as np

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.agents.base import Agent

META_NAME = "speciesgym.json"
FORMAT = "speciesgym-maskableppo-1"


def write_checkpoint(model, path, meta):
    """Save `model` (a MaskablePPO) with `meta` to `path` atomically."""
    buffer = io.BytesIO()
    model.save(buffer)
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr(META_NAME, json.dumps(dict(meta, format=FORMAT), indent=2))
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with atomic_write(path, "wb") as f:
        f.write(buffer.getvalue())


def read_metadata(path):
    """The metadata of a checkpoint; ValueError names a missing or foreign file."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"PPO checkpoint {path!r}: no such file")
    try:
        with zipfile.ZipFile(path) as archive:
            if META_NAME not in archive.namelist():
                raise ValueError(f"PPO checkpoint {path!r}: no {META_NAME} inside; not a "
                                 f"speciesgym checkpoint (write it with `speciesgym train`)")
            meta = json.loads(archive.read(META_NAME))
    except zipfile.BadZipFile:
        raise ValueError(f"PPO checkpoint {path!r}: not a zip file (broken or foreign)") from None
    if meta.get("format") != FORMAT:
        raise ValueError(f"PPO checkpoint {path!r}: unknown format {meta.get('format')!r}")
    return meta


def check_metadata(path, meta, game, num_players, options=None):
    """ValueError naming `path` when the checkpoint cannot play `game` with `num_players`:
    another game, other options, or observation and action sizes that differ from this
    engine's. The player count it was trained with is not required: both games pad their
    observation and action layouts to 6 seats, so a network plays any player count whose
    sizes match (how well is another matter: it learnt the tables it saw)."""
    if meta["game"] != game:
        raise ValueError(f"PPO checkpoint {path!r} was trained for {meta['game']}, not {game}")
    if options is not None and dict(options) != meta.get("options", {}):
        raise ValueError(f"PPO checkpoint {path!r} was trained with options "
                         f"{meta.get('options')}, not {dict(options)}")
    from speciesgym.envs.games import package
    engine = package(game).make_engine(
        num_players, **meta.get("options", {}))
    if (engine.obs_size, engine.num_actions) != (meta["obs_size"], meta["num_actions"]):
        raise ValueError(f"PPO checkpoint {path!r} expects {meta['obs_size']} observations and "
                         f"{meta['num_actions']} actions ({meta['num_players']} players); "
                         f"{game} with {num_players} players has {engine.obs_size} and "
                         f"{engine.num_actions}")


class PPOAgent(Agent):
    """Plays the masked policy deterministically: the most probable legal action."""

    def __init__(self, policy, meta=None, name="ppo"):
        import torch
        self.policy = policy
        self.meta = meta or {}
        self.name = name
        self._torch = torch

    @classmethod
    def load(cls, path, game, num_players, options=None):
        """The agent of checkpoint `path`, checked against `game` and the sizes of its engine
        for `num_players` (check_metadata)."""
        path = os.fspath(path)
        meta = read_metadata(path)
        check_metadata(path, meta, game, num_players, options)
        from sb3_contrib import MaskablePPO
        model = MaskablePPO.load(path, device="cpu")
        return cls(model.policy, meta, name=f"ppo:{path}")

    @classmethod
    def from_model(cls, model, name="ppo"):
        """The agent of an in-memory model (shares its weights; used during training)."""
        return cls(model.policy, name=name)

    def _logits(self, observations):
        torch = self._torch
        with torch.no_grad():
            obs = torch.as_tensor(np.asarray(observations, np.float32), device=self.policy.device)
            dist = self.policy.get_distribution(obs)
            return dist.distribution.logits.cpu().numpy()

    def act(self, observation, action_mask, infoset=None) -> int:
        return int(self.act_batch(observation[None], np.asarray(action_mask)[None])[0])

    def act_batch(self, observations, action_masks):
        masks = np.asarray(action_masks).astype(bool)
        if not masks.any(axis=1).all():
            raise ValueError("PPO agent asked to act with an empty action mask")
        logits = np.where(masks, self._logits(observations), -np.inf)
        return logits.argmax(axis=1)
