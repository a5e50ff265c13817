"""Value functions for luck correction: V(state, seat) -> expected final reward of the seat,
from a source fixed before the evaluation and named in every result (`value:<spec>`).

  value:search:<sims>   mean reward of <sims> random playouts (the search's rollout
                        estimate), each after redrawing what nobody has seen yet (the
                        undrawn pile order, the Flight reserve, the terrain stacks, the
                        generator word) with the value's own seeded generator
  value:ppo:<zip>       the value head of a MaskablePPO checkpoint (training.luck.observed)
  value:net:<file>      a policy/value net file's value head (agents.net format), e.g. one
                        that `python -m speciesgym.training.luck.fit_value` trained

The agents never see any of them. The reward is the seat's rank reward mapped to [0, 1]
((r + 1) / 2: 1 a win, 0 a loss and 0.5 a two-seat tie), the unit win shares are given in.

Every value has `name` (its spec), `digest` (a hash of its file, or None), `rng` (the
evaluation's own generator: it redraws the unseen piles of the counterfactual states) and
`training_seeds` (the game seeds it was fitted on, or None; the evaluation refuses games
with those seeds).
"""
import numpy as np

from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word
from speciesgym.envs.dominant_species.engine import random_playout as ds_random_playout
from speciesgym.envs.evolution.batch import play_random_batch

MAX_DECISIONS = 100_000
KINDS = "value:search:<sims> (sims >= 1), value:ppo:<zip> or value:net:<file>"


def parse_value(spec, game, num_players, options, seed=0):
    """The value function named by `spec` (the `value:` prefix optional); ValueError naming
    the spec, or the file and what does not fit the game."""
    text = str(spec)
    body = text[len("value:"):] if text.startswith("value:") else text
    kind, _, arg = body.partition(":")
    if kind == "search":
        try:
            sims = int(arg)
        except ValueError:
            sims = 0
        if sims >= 1:
            return SearchValue(game, num_players, options, sims, seed)
    elif kind in ("ppo", "net") and arg:
        from speciesgym.training.luck.observed import load_net_value, load_ppo_value
        load = load_ppo_value if kind == "ppo" else load_net_value
        return load(arg, game, num_players, options, seed)
    raise ValueError(f"unknown value function {spec!r}; expected {KINDS}")


def seat_reward(engine, state, seat):
    scores, winners, key = engine.final(state)
    return (final_rewards("rank", scores, winners, key)[seat] + 1.0) / 2.0


class SearchValue:
    training_seeds = None
    digest = None

    def __init__(self, game, num_players, options, sims, seed=0):
        self.game, self.sims, self.seed = game, int(sims), int(seed)
        self.name = f"value:search:{self.sims}"
        self.engine = make_engine(game, num_players, **options)
        self.rng = np.random.default_rng(seed)
        self.calls = 0

    def __call__(self, state, seat, stream=None):
        """Mean reward of `seat` over the playouts. `stream` seeds the playouts: siblings
        of one event evaluated with the same stream share their random numbers, so their
        differences carry little playout noise."""
        self.calls += 1
        if self.engine.to_move(state) < 0:
            return seat_reward(self.engine, state, seat)
        rng = self.rng if stream is None else np.random.default_rng(stream)
        batch = np.repeat(state, self.sims)
        for g in range(self.sims):
            REDRAW[self.game](batch[g:g + 1], 0, rng)
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


def _reshuffle(part, rng):
    """A fresh order of `part` in place that depends on its contents and `rng` only, not on
    the order it had (so a redraw cannot leak the game's unseen order)."""
    part[:] = rng.permutation(np.sort(part))


def _redraw_evolution(state, fixed, rng):
    n = int(state[0]["deck_n"])
    _reshuffle(state["deck"][0][:max(0, n - fixed)], rng)
    _reshuffle(state["reserve"][0][:int(state[0]["reserve_n"])], rng)
    _new_word(state, rng)


def _redraw_dominant_species(state, fixed, rng):
    ptr, length = int(state[0]["deck_ptr"]), int(state[0]["deck_len"])
    _reshuffle(state["deck"][0][min(ptr + fixed, length - 1):length - 1], rng)
    tiles = state["stack_tiles"][0]
    nxt = state["stack_next"][0]
    cells = [(s, i) for s in range(tiles.shape[0]) for i in range(int(nxt[s]), tiles.shape[1])]
    pool = np.array([tiles[s, i] for s, i in cells])
    _reshuffle(pool, rng)
    for (s, i), t in zip(cells, pool):
        tiles[s, i] = t
    _new_word(state, rng)


# game -> redraw(state, fixed, rng): everything unseen below the `fixed` next draws
REDRAW = {"evolution": _redraw_evolution, "dominant_species": _redraw_dominant_species}
