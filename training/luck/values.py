"""Value functions for luck correction: V(state, seat) -> expected final reward of the seat,
from a source fixed before the evaluation and named in every result (`value:<spec>`).

  value:search:<sims>   mean reward of <sims> random playouts (the search's rollout
                        estimate), each after redrawing what nobody has seen yet (the
                        undrawn pile order below the `fixed` top draws, the Flight reserve,
                        the terrain stacks, the generator word) with the value's own
                        seeded generator; the agents never see it.

The reward is the seat's rank reward mapped to [0, 1] ((r + 1) / 2: 1 a win, 0 a loss and
0.5 a two-seat tie), the unit win shares are given in.
"""
import numpy as np

from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word
from speciesgym.envs.dominant_species.engine import random_playout as ds_random_playout
from speciesgym.envs.evolution.batch import play_random_batch

MAX_DECISIONS = 100_000


def parse_value(spec, game, num_players, options, seed=0):
    """The value function named by `value:search:<sims>` (the `value:` prefix optional)."""
    parts = str(spec).split(":")
    if parts and parts[0] == "value":
        parts = parts[1:]
    if len(parts) == 2 and parts[0] == "search":
        try:
            sims = int(parts[1])
        except ValueError:
            sims = 0
        if sims >= 1:
            return SearchValue(game, num_players, options, sims, seed)
    raise ValueError(f"unknown value function {spec!r}; expected value:search:<sims> "
                     "(sims >= 1)")


def seat_reward(engine, state, seat):
    scores, winners, key = engine.final(state)
    return (final_rewards("rank", scores, winners, key)[seat] + 1.0) / 2.0


class SearchValue:
    def __init__(self, game, num_players, options, sims, seed=0):
        self.game, self.sims, self.seed = game, int(sims), int(seed)
        self.name = f"value:search:{self.sims}"
        self.engine = make_engine(game, num_players, **options)
        self.rng = np.random.default_rng(seed)
        self.calls = 0

    def __call__(self, state, seat, fixed=0, stream=None):
        """Mean reward of `seat` over the playouts; `fixed` top draws of the pile stay.
        `stream` seeds the playouts: siblings of one event evaluated with the same stream
        share their random numbers, so their differences carry little playout noise."""
        self.calls += 1
        rng = self.rng if stream is None else np.random.default_rng(stream)
        batch = np.repeat(state, self.sims)
        for g in range(self.sims):
            _REDRAW[self.game](batch[g:g + 1], fixed, rng)
        if self.game == "evolution":
            pickers = np.zeros(self.sims, WORD_DTYPE)
            pickers["rng"] = [seed_word(int(s)) for s in rng.integers(0, 2**62, self.sims)]
            play_random_batch(batch, pickers, MAX_DECISIONS)
        else:
            picker = np.zeros(1, batch.dtype)
            picker[0]["rng"] = seed_word(int(rng.integers(0, 2**62)))
            ds_random_playout(batch, picker, MAX_DECISIONS)
        return float(np.mean([seat_reward(self.engine, batch[g:g + 1], seat)
                              for g in range(self.sims)]))


def _new_word(state, rng):
    state[0]["rng"] = seed_word(int(rng.integers(0, 2**62)))


def _redraw_evolution(state, fixed, rng):
    n = int(state[0]["deck_n"])
    rng.shuffle(state["deck"][0][:max(0, n - fixed)])
    rng.shuffle(state["reserve"][0][:int(state[0]["reserve_n"])])
    _new_word(state, rng)


def _redraw_dominant_species(state, fixed, rng):
    ptr, length = int(state[0]["deck_ptr"]), int(state[0]["deck_len"])
    rng.shuffle(state["deck"][0][min(ptr + fixed, length - 1):length - 1])
    tiles = state["stack_tiles"][0]
    nxt = state["stack_next"][0]
    cells = [(s, i) for s in range(tiles.shape[0]) for i in range(int(nxt[s]), tiles.shape[1])]
    pool = np.array([tiles[s, i] for s, i in cells])
    rng.shuffle(pool)
    for (s, i), t in zip(cells, pool):
        tiles[s, i] = t
    _new_word(state, rng)


_REDRAW = {"evolution": _redraw_evolution, "dominant_species": _redraw_dominant_species}
