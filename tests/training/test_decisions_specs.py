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


def test_a_build_refuses_to_go_on_with_another_zoo_net(tmp_path, monkeypatch):
    """The journal of a table suite records a hash of each zoo net it seats; once the net's
    file differs, the same command refuses instead of mixing positions of two nets."""
    from speciesgym.training.decisions import build as build_module
    from tests.training.decision_suites import tiny_build
    out = tmp_path / "f.json.gz"
    first = tiny_build(out, suite="feeding-2p", positions=1, sims=2, max_tasks=1)
    assert first["positions"] is not None
    header = (tmp_path / "f.partial.jsonl").read_text().splitlines()[0]
    assert '"zoo:evolution-2p"' in header
    monkeypatch.setattr(build_module, "net_hashes",
                        lambda mix: {n: "0" * 12 for n in mix if n.startswith("zoo:")})
    with pytest.raises(ValueError, match="other arguments"):
        tiny_build(out, suite="feeding-2p", positions=1, sims=2, max_tasks=1)
