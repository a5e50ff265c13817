"""A signal that arrives while a checkpoint is being written (training.ppo.signals): it must
not cut the file short, nor be lost; the run stops once the file is complete. Without the
held section a KeyboardInterrupt raised inside torch's zip writer made the writer's cleanup
raise a RuntimeError of its own, and the run crashed instead of stopping."""
import os
import signal

import pytest

from speciesgym.training.ppo.signals import StopSignals


def wait_for(stop):
    """Spin until the handler has recorded the signal (Python runs handlers between
    bytecodes, so this is reached within a few iterations; the bound only guards a bug)."""
    for _ in range(10_000_000):
        if stop.received is not None:
            return
    raise AssertionError("the signal was never handled")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_inside_a_held_section_stops_the_run_after_it(sig, tmp_path):
    stop = StopSignals()
    stop.install()
    written = []
    try:
        with pytest.raises(KeyboardInterrupt, match=f"signal {int(sig)}"):
            with stop.held():
                written.append("first half")
                os.kill(os.getpid(), sig)
                wait_for(stop)
                written.append("second half")       # the section runs to its end
        assert written == ["first half", "second half"]
        with pytest.raises(KeyboardInterrupt):      # and the signal is not forgotten
            stop.check()
    finally:
        stop.restore()


def test_outside_a_held_section_a_signal_raises_at_once_and_nesting_holds():
    stop = StopSignals()
    stop.install()
    try:
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
            wait_for(stop)
            pytest.fail("the handler did not raise outside a held section")
        stop.received = None
        reached = []
        with pytest.raises(KeyboardInterrupt):
            with stop.held():
                with stop.held():
                    os.kill(os.getpid(), signal.SIGINT)
                    wait_for(stop)
                reached.append("after the inner section")   # the outer one still holds
        assert reached == ["after the inner section"]
    finally:
        stop.restore()


def test_the_runs_checkpoints_are_written_inside_a_held_section(tmp_path, monkeypatch):
    """Session.write_model, which every checkpoint, snapshot and final.zip goes through,
    holds signals: a signal sent from inside the writer leaves a complete checkpoint that
    loads, and then stops the run."""
    from speciesgym.agents.ppo_agent import PPOAgent
    from speciesgym.training.ppo import session as session_module
    from speciesgym.training.ppo.single_agent import make_game_engine
    from tests.training.test_compiled_ppo_opponent import model_for

    real = session_module.write_checkpoint

    def interrupted(model, path, meta):
        os.kill(os.getpid(), signal.SIGTERM)
        wait_for(fake.stop)
        real(model, path, meta)

    monkeypatch.setattr(session_module, "write_checkpoint", interrupted)
    fake = session_module.Session.__new__(session_module.Session)
    engine = make_game_engine("evolution", 2)
    fake.stop, fake.model = StopSignals(), model_for("evolution", net=(8,))
    fake.meta = {"game": "evolution", "num_players": 2, "options": {},
                 "obs_size": engine.obs_size, "num_actions": engine.num_actions}
    fake.args = type("A", (), {})()
    monkeypatch.setattr(session_module.dataclasses, "asdict", lambda a: {})
    fake.stop.install()
    try:
        with pytest.raises(KeyboardInterrupt):
            fake.write_model(str(tmp_path / "step_1.zip"))
    finally:
        fake.stop.restore()
    PPOAgent.load(tmp_path / "step_1.zip", "evolution", 2)
