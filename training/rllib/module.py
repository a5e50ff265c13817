"""PPO's torch RLModule with action masking, for observations {"observations",
"action_mask"} (training.rllib.env): the network reads the observation vector only; before
any action distribution is built, every illegal action's logit is pushed to the float
minimum, so exploration, inference and the PPO loss all see the legal actions only. The
value function reads the observation vector."""
import gymnasium as gym
import torch
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import (
    DefaultPPOTorchRLModule as PPOTorchRLModule,
)
from ray.rllib.core.columns import Columns
from ray.rllib.utils.torch_utils import FLOAT_MIN


def _split(batch):
    """(mask, a shallow copy of batch with the observation vector alone under OBS)."""
    obs = batch[Columns.OBS]
    if not isinstance(obs, dict):
        raise ValueError("MaskedPPOModule needs observations {'observations', "
                         "'action_mask'} (training.rllib.env)")
    batch = dict(batch)
    batch[Columns.OBS] = obs["observations"]
    return obs["action_mask"], batch


def _masked(out, mask):
    out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + torch.clamp(
        torch.log(mask), min=FLOAT_MIN)
    return out


class MaskedPPOModule(PPOTorchRLModule):
    """PPOTorchRLModule over the "observations" part of a dict space, logits masked."""

    def __init__(self, *, observation_space=None, **kwargs):
        # Built from the env: the dict space; rebuilt from a checkpoint: the vector's space.
        if isinstance(observation_space, gym.spaces.Dict):
            observation_space = observation_space["observations"]
        super().__init__(observation_space=observation_space, **kwargs)

    def _forward_inference(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_inference(batch, **kwargs), mask)

    def _forward_exploration(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_exploration(batch, **kwargs), mask)

    def _forward_train(self, batch, **kwargs):
        mask, batch = _split(batch)
        return _masked(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch, embeddings=None):
        if isinstance(batch[Columns.OBS], dict):
            _, batch = _split(batch)
        return super().compute_values(batch, embeddings)
