"""Dominant Species as a PettingZoo AEC environment (speciesgym/dominant_species-v0).

`env(num_players=4, animals=None, render_mode=None, reward="win")`:

- agents "player_0".."player_{P-1}" are seats; `animals` gives each seat's animal by name
  (default: drawn at random from the reset seed);
- observation {"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]} where the
  observation is `speciesgym.envs.dominant_species.observe.LAYOUT` from the viewer's seat: the public
  board and the decision in progress, nothing of the deck or stack order;
- one flat Discrete action space (`speciesgym.envs.dominant_species.actions`); an illegal action
  raises ValueError and changes nothing;
- rewards once, at the end: "win" (zero-sum, default), "rank" or "score"
  (`speciesgym.envs.core.rewards`); ties for the most VP go to the animal higher in the food chain;
- render_mode="ansi" returns the earth, the action display, scores and face-up cards;
  render_mode="rgb_array" the same as a 900x1600x3 uint8 picture
  (envs.dominant_species.picture), the spectator's view unless `render_viewer` is a seat.
"""
# pyright: basic
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from speciesgym.envs import registry  # noqa: F401  (registers the speciesgym/ ids)
from speciesgym.envs.core.aec import EngineAECEnv, EngineOrderEnforcingWrapper


class DominantSpeciesEnv(EngineAECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "name": "dominant_species_v0",
                "is_parallelizable": False}

    def __init__(self, num_players: int = 4, animals: Sequence[str] | None = None,
                 render_mode: str | None = None, reward: str = "win", **options: Any) -> None:
        from speciesgym.envs.dominant_species import load_scenario, make_engine
        super().__init__(make_engine(num_players, animals, **options), render_mode, reward,
                         scenario_loader=load_scenario)


def raw_env(num_players: int = 4, animals: Sequence[str] | None = None,
            render_mode: str | None = None, reward: str = "win",
            **options: Any) -> DominantSpeciesEnv:
    """options: forbid_useless_spaces=False (see envs.dominant_species.make_engine)."""
    return DominantSpeciesEnv(num_players, animals, render_mode, reward, **options)


def env(num_players: int = 4, animals: Sequence[str] | None = None,
        render_mode: str | None = None, reward: str = "win",
        **options: Any) -> EngineOrderEnforcingWrapper:
    return EngineOrderEnforcingWrapper(raw_env(num_players, animals, render_mode, reward, **options))
