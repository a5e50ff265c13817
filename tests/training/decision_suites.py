"""Shared pieces of the decision-suite tests: random Feeding positions, a tiny built suite
(a module-scoped fixture: import it into the test module), a hand-made toy suite, relabelling
helpers and two trivial agents."""
import numpy as np
import pytest

from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.decision_kinds import decision_type
from speciesgym.training.decisions.build import BuildArgs, build
from speciesgym.training.decisions.suite import write_suite
from speciesgym.training.decisions.versions import rules_hash


def feeding_positions(players, seed, n):
    """n Evolution Feeding-phase positions with at least two legal actions (random play)."""
    engine = make_engine("evolution", players)
    out = []
    s = seed
    while len(out) < n:
        state = engine.new_state(s)
        rng = np.random.default_rng(s)
        while engine.to_move(state) >= 0 and len(out) < n:
            mask = engine.legal_mask(state)
            if mask.sum() >= 2 and decision_type("feeding", state, mask) is not None \
                    and rng.random() < 0.2:
                out.append((engine, state.copy()))
            checked_step(engine, state, int(rng.choice(np.flatnonzero(mask))))
        s += 1
    return out


def tiny_build(out, **kw):
    args = dict(suite="feeding", out=str(out), positions=3, sims=3, seed=7, workers=1,
                progress=False)
    args.update(kw)
    return build(BuildArgs(**args))


def without_times(data):
    return {k: v for k, v in data.items() if k not in ("built", "command")}


@pytest.fixture(scope="module")
def tiny_suite(tmp_path_factory):
    path = tmp_path_factory.mktemp("suite") / "tiny.json.gz"
    return path, tiny_build(path)


def toy_suite(tmp_path):
    """Four positions; the lowest legal action is best by 0.5 on the clear ones, the highest
    by 0.25 on the unclear one."""
    from speciesgym.envs.evolution import to_scenario
    positions = []
    for i, (engine, state) in enumerate(feeding_positions(2, 21, 4)):
        legal = np.flatnonzero(engine.legal_mask(state)).tolist()
        values = [0.2] * len(legal)
        clear = i < 3
        if clear:
            values[0] = 0.7
        else:
            values[-1] = 0.45
        positions.append({"id": f"toy-{i}", "scenario": to_scenario(engine, state),
                          "seat": engine.to_move(state), "players": 2, "legal": legal,
                          "values": values, "se": [0.01] * len(legal),
                          "best": legal[0] if clear else legal[-1], "clear": clear,
                          "type": "toy" if i % 2 else "other"})
    data = {"format": "speciesgym-decisions", "format_version": 1, "name": "toy",
            "version": 1, "game": "evolution", "rules_hash": rules_hash("evolution"),
            "positions": positions}
    write_suite(data, tmp_path / "toy.json.gz")
    return tmp_path / "toy.json.gz"


class Lowest:
    """Always the lowest legal action."""
    name = "lowest"

    def act(self, observation, action_mask):
        return int(np.flatnonzero(action_mask)[0])


class Highest(Lowest):
    name = "highest"

    def act(self, observation, action_mask):
        return int(np.flatnonzero(action_mask)[-1])


def tiny_relabel(suite_path, out, **kw):
    from speciesgym.training.decisions.relabel import RelabelArgs, relabel
    args = dict(suite=str(suite_path), out=str(out), seed=5, progress=False)
    args.update(kw)
    return relabel(RelabelArgs(**args))


def labels_only(data):
    return [{k: p[k] for k in ("id", "values", "se", "best", "clear", "sims")}
            for p in data["positions"]]
