"""The movers of the suites of one table size (training/decisions/specs.py): the agents users
play, the shipped PPO net of the game and table size among them, `random` a small share."""
import dataclasses

import numpy as np
import pytest

from speciesgym.training.decisions.build import play_candidates
from speciesgym.training.decisions.specs import IN_PROGRESS, SPECS, ZOO_SHARE, suite_spec

TABLE = [name for name in {**SPECS, **IN_PROGRESS} if name[-2:] in ("2p", "4p")]


@pytest.mark.parametrize("name", TABLE)
def test_table_suites_seat_the_zoo_net_of_their_size(name):
    spec = suite_spec(name)
    weights = dict(zip(spec.mix, spec.weights))
    assert sum(weights.values()) == pytest.approx(1.0)
    assert weights[f"zoo:{spec.game}-{spec.players[0]}p"] == ZOO_SHARE
    assert weights["random"] <= 0.05
    assert any(a.startswith("search:") for a in spec.mix)


def test_a_zoo_seat_plays_its_games():
    """A game of the feeding-2p mix with every seat drawn as the zoo net is played to the
    end by it and offers feeding positions."""
    spec = suite_spec("feeding-2p")
    only_zoo = dataclasses.replace(
        spec, weights=tuple(float(a.startswith("zoo:")) for a in spec.mix))
    specs, _, found, total = play_candidates(only_zoo, 2, {"flight": True},
                                             np.random.default_rng(3))
    assert specs == ["zoo:evolution-2p"] * 2
    assert found and total > len(found)
