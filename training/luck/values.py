"""Value functions for luck correction: V(state, seat) -> expected final reward of the seat,
from a source fixed before the evaluation and named in every result (`value:<spec>`).

  value:search:<sims>[:<playout>]
                        mean reward of <sims> playouts (the search's rollout estimate), each
                        after redrawing what nobody has seen yet (the undrawn pile order,
                        the Flight reserve, the terrain stacks, the generator word) with the
                        value's own seeded generator. <playout>: random (the default),
                        greedy, a heuristic style (every seat plays it), or `agents`: each
                        seat plays the compiled twin of the agent in that seat (random,
                        greedy or heuristic:<style>), so the value tracks the match's own
                        policies
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
from speciesgym.training.luck.sources import REDRAW

MAX_DECISIONS = 100_000
KINDS = ("value:search:<sims>[:<playout>] (sims >= 1), value:ppo:<zip> or "
         "value:net:<file>")


def parse_value(spec, game, num_players, options, seed=0):
    """The value function named by `spec` (the `value:` prefix optional); ValueError naming
    the spec, or the file and what does not fit the game."""
    text = str(spec)
    body = text[len("value:"):] if text.startswith("value:") else text
    kind, _, arg = body.partition(":")
    if kind == "search":
        count, _, playout = arg.partition(":")
        try:
            sims = int(count)
        except ValueError:
            sims = 0
        if sims >= 1:
            return SearchValue(game, num_players, options, sims, seed, playout or "random")
    elif kind in ("ppo", "net") and arg:
        from speciesgym.training.luck.observed import load_net_value, load_ppo_value
        load = load_ppo_value if kind == "ppo" else load_net_value
        return load(arg, game, num_players, options, seed)
    raise ValueError(f"unknown value function {spec!r}; expected {KINDS}")


def seat_reward(engine, state, seat):
    scores, winners, key = engine.final(state)
    return (final_rewards("rank", scores, winners, key)[seat] + 1.0) / 2.0


def playout_kind(game, name):
    """The compiled policy kind of a playout name (agents.search.label.playout_kinds)."""
    from speciesgym.agents.search.label import playout_kinds
    kinds = playout_kinds(game, name)
    if len(kinds) != 1:
        raise ValueError(f"playout {name!r} is not one policy")
    return int(kinds[0])


def agent_kind(game, spec):
    """The compiled policy kind that plays as agent `spec` does (same law), or ValueError."""
    name = spec[len("heuristic:"):] if spec.startswith("heuristic:") else spec
    try:
        return playout_kind(game, name)
    except ValueError:
        raise ValueError(f"playout `agents`: no compiled twin of agent {spec!r} (random, "
                         f"greedy and heuristic:<style> have one)") from None


class SearchValue:
    training_seeds = None
    digest = None

    def __init__(self, game, num_players, options, sims, seed=0, playout="random"):
        self.game, self.sims, self.seed = game, int(sims), int(seed)
        self.playout = playout
        self.name = f"value:search:{self.sims}" + ("" if playout == "random" else f":{playout}")
        self.engine = make_engine(game, num_players, **options)
        self.kinds = None
        if playout != "agents":
            try:
                self.kinds = np.full(num_players, playout_kind(game, playout), np.int64)
            except ValueError as exc:
                raise ValueError(f"value:search:{sims}:{playout}: {exc}") from None
        self.mask = np.zeros(self.engine.num_actions, np.int8)
        self.rng = np.random.default_rng(seed)
        self.calls = 0

    def bind(self, record):
        """Take the seats' agents of the record that is evaluated next (playout `agents`)."""
        if self.playout == "agents":
            self.kinds = np.array([agent_kind(self.game, a) for a in record["agents"]],
                                  np.int64)

    def __call__(self, state, seat, stream=None):
        """Mean reward of `seat` over the playouts. `stream` seeds the playouts: siblings
        of one event evaluated with the same stream share their random numbers, so their
        differences carry little playout noise."""
        self.calls += 1
        if self.engine.to_move(state) < 0:
            return seat_reward(self.engine, state, seat)
        if self.kinds is None:
            raise ValueError(f"{self.name}: bind a record first (its seats' agents)")
        rng = self.rng if stream is None else np.random.default_rng(stream)
        batch = np.repeat(state, self.sims)
        for g in range(self.sims):
            REDRAW[self.game](batch[g:g + 1], 0, rng)
        words = np.zeros(self.sims, WORD_DTYPE)
        words["rng"] = [seed_word(int(s)) for s in rng.integers(0, 2**62, self.sims)]
        if self.playout == "random" and self.game == "evolution":
            play_random_batch(batch, words, MAX_DECISIONS)
        elif self.playout == "random":
            picker = np.zeros(1, batch.dtype)
            picker[0]["rng"] = words[0]["rng"]
            ds_random_playout(batch, picker, MAX_DECISIONS)
        else:
            from speciesgym.agents.search.label import play_out
            for g in range(self.sims):
                play_out(batch[g], MAX_DECISIONS, self.kinds, words[g], self.mask)
        return float(np.mean([seat_reward(self.engine, batch[g:g + 1], seat)
                              for g in range(self.sims)]))
