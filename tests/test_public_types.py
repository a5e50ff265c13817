"""The public API keeps its type hints: every parameter and the return of each listed
function or method is annotated, and the annotations resolve (typing.get_type_hints)."""
import inspect
import typing

import pytest

from speciesgym import dominant_species_v0, evolution_v0
from speciesgym.agents import base, runner, spec
from speciesgym.envs.core import aec, engine
from speciesgym.envs.dominant_species import aec_env as ds_aec
from speciesgym.envs.dominant_species import scenario as ds_scenario
from speciesgym.envs.evolution import aec_env as evo_aec
from speciesgym.envs.evolution import scenario as evo_scenario
from speciesgym.training.decisions.evaluate import evaluate
from speciesgym.training.records import record

ENV = aec.EngineAECEnv
PUBLIC = [
    evo_aec.env, evo_aec.raw_env.__init__, ds_aec.env, ds_aec.raw_env,
    ds_aec.DominantSpeciesEnv.__init__, evolution_v0.env, dominant_species_v0.raw_env,
    ENV.__init__, ENV.reset, ENV.step, ENV.observe, ENV.action_space, ENV.observation_space,
    ENV.render, ENV.close, aec.EngineOrderEnforcingWrapper.last,
    *(getattr(engine.GameEngine, name) for name in (
        "new_state", "to_move", "legal_mask", "apply", "conservation_problem", "mask_into",
        "apply_then_mask", "stepper", "observe", "final", "action_name", "phase_name",
        "render_text", "picture", "render_image")),
    engine.check_action, engine.checked_step,
    base.Agent.act, base.Agent.act_batch, base.Agent.reset,
    spec.from_spec, spec.py_factory, spec.build_py,
    runner.make_engine, runner.play_game, runner.play_match,
    evo_scenario.load_scenario, evo_scenario.to_scenario,
    ds_scenario.load_scenario, ds_scenario.to_scenario,
    evaluate,
    record.new_record, record.add_action, record.finish_record, record.save_record,
    record.load_record, record.replay_steps, record.replay_record,
]


def type_checking_names():
    """Names that engine.py imports only for the type checker (they load slowly)."""
    from matplotlib.figure import Figure

    from speciesgym.envs.core.stepper import Stepper
    return {"Figure": Figure, "Stepper": Stepper}


@pytest.mark.parametrize("func", PUBLIC, ids=lambda f: f.__qualname__)
def test_every_parameter_and_the_return_is_annotated(func):
    sig = inspect.signature(func)
    missing = [name for name, p in sig.parameters.items()
               if name != "self" and p.annotation is inspect.Parameter.empty]
    assert not missing, f"{func.__qualname__}: parameters without a type hint: {missing}"
    assert sig.return_annotation is not inspect.Signature.empty, \
        f"{func.__qualname__}: no return type hint"
    hints = typing.get_type_hints(func, localns=type_checking_names())  # all name real types
    assert "return" in hints


@pytest.mark.parametrize("cls", [runner.GameResult, runner.MatchResult])
def test_result_classes_annotate_every_field(cls):
    hints = typing.get_type_hints(cls)
    assert set(hints) == {f.name for f in cls.__dataclass_fields__.values()}
    for name in ("scores", "winners") if cls is runner.GameResult else ("wins", "score"):
        assert hints[name] is not typing.Any


def test_a_hint_lost_would_be_caught():
    def bare(x, y: int):
        return x
    with pytest.raises(AssertionError, match="x"):
        test_every_parameter_and_the_return_is_annotated(bare)
