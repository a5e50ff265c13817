"""Task functions for the Ray tests (imported by the Ray workers by name)."""
from speciesgym.training.tournament.ray_executor import play_in_child


def engine_fails_on_game_1(spec, limits):
    """Plays every game but game 1, which raises as the engine would (no bot's fault)."""
    if spec.index == 1:
        raise RuntimeError("the engine broke on game 1")
    return play_in_child(spec, limits)


def flaky(folder, fails, fn, *args):
    """fn(*args), except that game 1 of a build (run_task(name, seed, sims, t, playout) with
    t == 1) raises on its first `fails` tries; every try of it is counted as a line of
    folder/tries-1."""
    import pathlib
    if args[3] == 1:
        tries = pathlib.Path(folder) / "tries-1"
        with open(tries, "a") as fh:
            fh.write("try\n")
        n = len(tries.read_text().splitlines())
        if n <= fails:
            raise RuntimeError(f"the labeller broke on game 1 (try {n})")
    return fn(*args)
