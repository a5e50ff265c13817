"""Task functions for the Ray executor tests (imported by the Ray workers by name)."""
from speciesgym.training.ray_executor import play_in_child


def engine_fails_on_game_1(spec, limits):
    """Plays every game but game 1, which raises as the engine would (no bot's fault)."""
    if spec.index == 1:
        raise RuntimeError("the engine broke on game 1")
    return play_in_child(spec, limits)
