"""What a search agent may use of the game beyond its observation: determinisations.

`InfoSet(engine, state, seat)` is built by the game runner for the seat to move. It keeps
the real state private and offers only `sample(rng)`: a full state drawn consistently with
what the seat has seen (the game's `resample`), plus `engine` for stepping copies. Two
states that differ only in what the seat cannot see give identical samples for the same rng.
"""
from speciesgym.envs.games import submodule

_RESAMPLERS = {}


def resampler(game):
    """The `resample(state, seat, rng)` function of a game."""
    if game not in _RESAMPLERS:
        _RESAMPLERS[game] = submodule(game, "resample").resample
    return _RESAMPLERS[game]


class InfoSet:
    """The information set of `seat` at `state`, exposed only through `sample`."""

    __slots__ = ("engine", "seat", "_sample")

    def __init__(self, engine, state, seat):
        fn = resampler(engine.game)
        frozen = state.copy()
        self.engine = engine
        self.seat = int(seat)
        self._sample = lambda rng, out: fn(frozen, self.seat, rng, out)

    def sample(self, rng, out=None):
        """A determinised copy of the state (record array of shape (1,)); the caller owns it.
        With `out` (an earlier sample) the copy is written there instead of a new array."""
        return self._sample(rng, out)
