"""# Evolution (with Flight) — PettingZoo AEC environment

| | |
|---|---|
| create | `speciesgym.envs.evolution.env(num_players=4, flight=True, render_mode=None, reward="win")` |
| registry | `pettingzoo.make("aec", "speciesgym/evolution-v0", num_players=4)` after `import speciesgym.envs.registry` |
| agents | `player_0` .. `player_{n-1}` (seats; `player_0` is not always first: the first player is drawn by the seed) |
| actions | `Discrete(409)` (`speciesgym.envs.evolution.actions.N_ACTIONS`): blocks listed in `speciesgym.envs.evolution.actions.BLOCKS` |
| observation | `{"observation": Box(float32, (4414,)), "action_mask": Box(int8, (409,))}`; sizes in `speciesgym.envs.evolution.observe.OBS_SIZE` |

**Turns.** The engine says who acts next; it is not round-robin. Every decision at the table
is an action: the food card, each card played (select a card, then its use), event cards,
which species feeds and from where, attacker then prey, cards discarded to negate
protections, Horns, trigger order where it matters, Nesting and Brood Parasite food sources,
and "done"/"pass" where the rules let a player stop.

**Observation.** From the acting seat's point of view (relative seats), laid out as
`speciesgym.envs.evolution.observe.LAYOUT`: phase, pending decision, table (food, deck sizes, supply),
per player (hand size, bag, passed, species count), per species (body, population, food,
upkeep, fat, avian, face-up traits, number of face-down traits; the viewer's own face-down
traits by name), own hand, own food card, the discard pile, and the context of the viewer's
own pending decision. Nothing of other hands, others' face-down cards or the deck order.

**Mask.** 1 for each legal action of the agent to move; all zeros for the others.

**Rewards.** Given once at the end. `reward="win"` (default, zero-sum): winners share +1,
losers share -1. `reward="rank"`: zero-sum by rank from +1 to -1, ties share. `reward="score"`:
each player's final score. `infos[agent]["score"]` holds the final score.

**Illegal actions** raise `ValueError` naming the action and the phase; nothing changes.
"""
# pyright: basic
from __future__ import annotations

from typing import Any

from speciesgym.envs import registry  # noqa: F401  (registers the speciesgym/ ids)
from speciesgym.envs.core.aec import EngineAECEnv, EngineOrderEnforcingWrapper
from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.scenario import load_scenario

class raw_env(EngineAECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "name": "evolution_v0", "is_parallelizable": False}

    def __init__(self, num_players: int = 4, flight: bool = True, render_mode: str | None = None,
                 reward: str = "win", **unknown: Any) -> None:
        super().__init__(make_engine(num_players, flight=flight, **unknown), render_mode,
                         reward, scenario_loader=load_scenario)


def env(**kwargs: Any) -> EngineOrderEnforcingWrapper:
    return EngineOrderEnforcingWrapper(raw_env(**kwargs))

