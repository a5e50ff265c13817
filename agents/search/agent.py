"""SearchAgent: the compiled information-set search (agents.search.uct) behind the Agent
protocol, with a budget of simulations (`search:<n>`), of wall time (`search:<ms>ms`) or of
the process's CPU time (`search:<ms>cpums`), optionally followed by options (`from_arg`):
`search:200cpums:spreader` plays the rollouts and the prior with the game's compiled
heuristic `spreader` instead of its greedy policy.

Each decision draws one determinisation from the InfoSet (`infoset.sample`, the game's
resample) and hands only that to the compiled loop, which redraws the hidden parts from it
for every simulation: the real state never reaches the search. The move played is the root
action visited most among those legal in the real position (ties: higher value).

The time budget is checked between chunks of simulations (numba has no clock): the loop
runs `chunk` simulations, Python reads the clock, and stops once the budget is spent. So a
decision takes the budget plus at most one chunk. `ms` reads wall time (time.perf_counter):
on a machine shared with other jobs it buys fewer simulations than on a free core. `cpu=True`
(`cpums`) reads the process's CPU time (time.process_time) instead, so that a budget buys
about the same search whatever else the machine runs; strength figures use it.
"""
import importlib
import time

import numpy as np

from speciesgym.agents.base import Agent
from speciesgym.agents.search.tree import Tree
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word

GLUE = {"evolution": "speciesgym.agents.search.evolution",
        "dominant_species": "speciesgym.agents.search.dominant_species"}
POLICIES = ("random", "greedy")
ROOTS = ("puct", "gumbel", "bias")                   # root selection with a net
WALL, CPU = time.perf_counter, time.process_time     # the clocks of `ms` and `cpums`


def glue(game):
    """The game's glue module (importing it registers its kernels for the loop)."""
    if game not in GLUE:
        raise ValueError(f"search: unknown game {game!r}; choose one of {', '.join(GLUE)}")
    return importlib.import_module(GLUE[game])


def policy_kind(game_glue, name):
    """The `policy_action` kind of a policy name: POLICIES index, or 2 + j for the game's
    compiled heuristic style STYLES[j]."""
    if name in POLICIES:
        return POLICIES.index(name)
    if name in game_glue.STYLES:
        return 2 + game_glue.STYLES.index(name)
    raise ValueError(f"search: policy for {game_glue.GAME} must be one of "
                     f"{', '.join(POLICIES + tuple(game_glue.STYLES))}, got {name!r}")


class SearchAgent(Agent):
    """Compiled ISMCTS with `simulations` per decision, or `ms` milliseconds per decision.

    policy: the rollout policy, "greedy" (the game's compiled greedy policy for every seat),
    "random" (uniform legal play) or the name of one of the game's compiled heuristic styles
    (its glue's STYLES; needs `game`); prior: a policy also names one action per tree node,
    expanded first and given a UCT bonus prior_weight / sqrt(1 + visits); prior_policy: that
    policy (default greedy); depth: the rollout cap in decisions (default
    agents.mcts.DEFAULT_DEPTH); evaluate: a capped rollout also counts what the game's end
    would pay now (the glue's `ending_now`); chunk: simulations between clock checks under a
    time budget; cpu: `ms` counts the process's CPU time, not wall time; game: checks the
    policies (and the net) against that game now (else at the first decision); net: a
    policy/value net (agents.net.mlp: a PolicyValueNet, a file or a `zoo:` name) guiding
    the search (agents.search.uct_net: PUCT with its prior, c_puct, and leaf values
    (1 - lam) * net + lam * rollout; prior/prior_policy are then unused); root: with a net,
    "puct" (PUCT at the root too, the most visited action played), "bias" (the plain
    walk, untried moves in the prior's order, then UCT plus the prior's fading bias of
    weight c_puct: agents.search.uct_net, the most visited action played) or "gumbel" (Gumbel
    sampling of m root actions and Sequential Halving, agents.search.gumbel: the noise from
    this agent's seeded rng, the surviving action of best score played; under a time
    budget each decision's simulations are the budget times the rate of the previous
    decision, the first one's m * ceil(log2 m)); net_depth: with root="puct" or "bias", the
    net guides only the nodes less than net_depth moves below the root (1: the root alone,
    one forward pass per decision) and deeper nodes are searched as without a net (UCT, c,
    the prior); None: every node."""

    wants_infoset = True

    def __init__(self, simulations=None, ms=None, c=0.7, depth=None, policy="greedy",
                 prior=True, prior_weight=None, chunk=16, seed=None, cpu=False,
                 prior_policy="greedy", evaluate=False, game=None, name=None, net=None,
                 lam=0.5, c_puct=1.0, root="puct", m=16, net_depth=None):
        if (simulations is None) == (ms is None):
            raise ValueError("search: give either simulations or ms")
        if simulations is not None and (isinstance(simulations, bool) or int(simulations) < 1):
            raise ValueError(f"search: simulations must be >= 1, got {simulations!r}")
        if ms is not None and not float(ms) > 0:
            raise ValueError(f"search: ms must be > 0, got {ms!r}")
        for p in (policy, prior_policy):
            if game is not None:
                policy_kind(glue(game), p)
            elif p not in POLICIES:
                raise ValueError(f"search: policy must be one of {', '.join(POLICIES)} "
                                 f"(or a heuristic style of the game named by `game`), "
                                 f"got {p!r}")
        self.simulations = None if simulations is None else int(simulations)
        self.ms = None if ms is None else float(ms)
        self.c = float(c)
        self.depth = depth
        self.policy = policy
        self.prior_policy = prior_policy
        self.evaluate = bool(evaluate)
        self.prior = bool(prior)
        self.prior_weight = prior_weight
        self.chunk = int(chunk)
        self.cpu = bool(cpu)
        if self.cpu and ms is None:
            raise ValueError("search: cpu=True needs a time budget (ms)")
        if not 0.0 <= float(lam) <= 1.0 or not float(c_puct) >= 0:
            raise ValueError(f"search: lam must be in [0, 1] and c_puct >= 0, got {lam!r}, "
                             f"{c_puct!r}")
        self.lam, self.c_puct = float(lam), float(c_puct)
        if root not in ROOTS:
            raise ValueError(f"search: root must be one of {', '.join(ROOTS)}, got {root!r}")
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or m < 1:
            raise ValueError(f"search: m must be an integer >= 1, got {m!r}")
        if root == "gumbel" and net is None:
            raise ValueError("search: root='gumbel' needs a net")
        if net_depth is not None and (isinstance(net_depth, bool) or net is None
                                      or root == "gumbel" or int(net_depth) < 1):
            raise ValueError(f"search: net_depth must be an integer >= 1 and needs a net with "
                             f"root='puct' or 'bias', got {net_depth!r}")
        self.net_depth = None if net_depth is None else int(net_depth)
        self.root, self.m, self.rate = root, int(m), None
        self.net = None
        if net is not None:
            from speciesgym.agents.net.mlp import PolicyValueNet, load
            self.net = net if isinstance(net, PolicyValueNet) else load(net)
            if game is not None:
                self.check_net(glue(game))
        self.rng = np.random.default_rng(seed)
        self.word = np.zeros(1, WORD_DTYPE)
        self.word[0]["rng"] = seed_word(int(self.rng.integers(2**62)))
        self.trees = {}
        self.last_simulations = 0
        self.name = name or (f"search:{self.simulations}" if ms is None
                             else f"search:{ms:g}{'cpu' if self.cpu else ''}ms")

    def act(self, observation, action_mask, infoset=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("search agent asked to act with an empty action mask")
        if legal.size == 1:
            return int(legal[0])
        if infoset is None:
            raise ValueError("search agent needs an InfoSet (play it through agents.runner)")
        game = glue(infoset.engine.game)
        root = infoset.sample(self.rng)          # a determinisation; the search redraws it
        tree = self.trees.get(game.GAME)
        if tree is None:
            if self.net is not None:
                self.check_net(game)
            tree = self.trees[game.GAME] = Tree(game.N_ACTIONS, 1 + (self.simulations or 1024),
                                                logits=self.net is not None)
        tree.clear()
        if self.root == "gumbel":
            self.last_simulations = self._gumbel(game, root, infoset.seat, tree)
            if tree.gumbel_action >= 0 and action_mask[tree.gumbel_action] > 0:
                return tree.gumbel_action
        else:
            self.last_simulations = self._search(game, root, infoset.seat, tree)
        actions, visits, value = tree.root_stats()
        ok = action_mask[actions] > 0
        if not ok.any():
            return int(legal[self.rng.integers(legal.size)])
        actions, visits, value = actions[ok], visits[ok], value[ok, infoset.seat]
        best = np.lexsort((-value / visits, -visits))[0]
        return int(actions[best])

    def check_net(self, game):
        self.net.check(game.GAME, game.OBS_SIZE, game.N_ACTIONS)

    def _net_args(self, game):
        return (self.c_puct, self.lam, int(self.depth or game.DEPTH), game.SCALE,
                policy_kind(game, self.policy), self.evaluate)

    def _gumbel(self, game, root, seat, tree):
        from speciesgym.agents.search.gumbel import simulate_gumbel
        n = self.simulations
        if n is None:
            n = (self.m * max(1, int(np.ceil(np.log2(self.m)))) if self.rate is None
                 else max(self.m, int(self.rate * self.ms / 1000.0)))
        clock = CPU if self.cpu else WALL
        start = clock()
        tree.room_for(n)
        noise = self.rng.gumbel(size=game.N_ACTIONS)
        found = simulate_gumbel(root, np.zeros(1, root.dtype), seat, n, *tree.arrays(),
                                self.word[0], tree.logits, self.net.params, self.net.layers,
                                *self._net_args(game), noise, self.m, tree.completed_q,
                                tree.order)
        tree.gumbel_done(*found)
        self.rate = n / max(clock() - start, 1e-6)
        return n

    def _tree_args(self, game):
        """(c, prior weight, prior on, prior kind): how the tree is walked without a net."""
        return (self.c, game.PRIOR if self.prior_weight is None else float(self.prior_weight),
                self.prior, policy_kind(game, self.prior_policy))

    def _search(self, game, root, seat, tree):
        c, weight, prior, prior_kind = self._tree_args(game)
        if self.net is None:
            from speciesgym.agents.search.uct import simulate
            args = (c, weight, int(self.depth or game.DEPTH), game.SCALE,
                    policy_kind(game, self.policy), prior, prior_kind, self.evaluate)
        else:
            from speciesgym.agents.search.uct import simulate_net as simulate
            from speciesgym.agents.search.uct_net import BIAS, NET_EVERYWHERE, PUCT
            depth = NET_EVERYWHERE if self.net_depth is None else self.net_depth
            rule = BIAS if self.root == "bias" else PUCT
            args = self._net_args(game) + (depth, c, weight, prior, prior_kind, rule)
        work = np.zeros(1, root.dtype)

        def run(n):
            tree.room_for(n)
            if self.net is None:
                return simulate(root, work, seat, n, *tree.arrays(), self.word[0], *args)
            return simulate(root, work, seat, n, *tree.arrays(), self.word[0], tree.logits,
                            self.net.params, self.net.layers, *args)
        if self.simulations is not None:
            return run(self.simulations)
        clock = CPU if self.cpu else WALL
        deadline = clock() + self.ms / 1000.0
        done = 0
        while True:
            done += run(self.chunk)
            if clock() >= deadline:
                return done


OPTIONS = ("<policy> (rollouts and prior)", "roll=<policy>", "prior=<policy>|off",
           "depth=<decisions>", "c=<exploration>", "eval", "net=<file>|zoo:<name>",
           "lam=<rollout weight 0..1>", "cp=<c_puct>", "root=puct|bias|gumbel (with net=)",
           "m=<sampled root actions, with root=gumbel>",
           "netdepth=<levels the net guides, with net=>")


def options(spec, tokens, game):
    """SearchAgent keywords of a spec's options (after the budget, ':'-separated):
    a policy name alone plays both the rollouts and the prior; roll=, prior= (or prior=off)
    set one of them; depth= the rollout cap; c= the exploration constant; eval scores a
    capped rollout with what the game's end would add now; net=, lam=, cp= the net-guided
    search (SearchAgent's net, lam, c_puct); root=bias (needs net=) the plain walk steered
    by the prior; root=gumbel (needs net=) its Gumbel root with m= sampled actions (default
    16); netdepth= how many levels below the root the net guides (default all)."""
    kw, given = {}, {}
    for tok in tokens:
        key, eq, value = tok.partition("=")
        given[key] = tok
        try:
            if not eq and key == "eval":
                kw["evaluate"] = True
            elif not eq and key:
                kw["policy"] = kw["prior_policy"] = key
            elif key == "roll" and value:
                kw["policy"] = value
            elif key == "prior" and value == "off":
                kw["prior"] = False
            elif key == "prior" and value:
                kw["prior_policy"] = value
            elif key == "depth" and value.isdigit() and int(value) > 0:
                kw["depth"] = int(value)
            elif key == "c" and float(value) >= 0 and np.isfinite(float(value)):
                kw["c"] = float(value)
            elif key == "net" and value:
                kw["net"] = value
            elif key == "lam" and 0 <= float(value) <= 1:
                kw["lam"] = float(value)
            elif key == "cp" and float(value) >= 0 and np.isfinite(float(value)):
                kw["c_puct"] = float(value)
            elif key == "root" and value in ROOTS:
                kw["root"] = value
            elif key == "m" and value.isdigit() and int(value) > 0:
                kw["m"] = int(value)
            elif key == "netdepth" and value.isdigit() and int(value) > 0:
                kw["net_depth"] = int(value)
            else:
                raise ValueError
        except ValueError:
            raise ValueError(f"agent spec {spec!r}: bad search option {tok!r}; options: "
                             f"{', '.join(OPTIONS)}") from None
    for key, ok, needed in (("m", kw.get("root") == "gumbel", "root=gumbel"),
                            ("root", "net" in kw, "net="),
                            ("netdepth", "net" in kw and kw.get("root", "puct") != "gumbel",
                             "net= with root=puct or root=bias")):
        if key in given and not ok:
            raise ValueError(f"agent spec {spec!r}: search option {given[key]!r} needs "
                             f"{needed}")
    if game is not None:
        for p in (kw.get("policy"), kw.get("prior_policy")):
            if p is not None:
                try:
                    policy_kind(glue(game), p)
                except ValueError as exc:
                    raise ValueError(f"agent spec {spec!r}: {exc}") from None
    return kw


def join_zoo(parts):
    """Spec parts with `net=zoo` and the shipped net's name after it joined again."""
    out = []
    for part in parts:
        if out and out[-1].lower() == "net=zoo":
            out[-1] = "net=zoo:" + part
        else:
            out.append(part)
    return out


def from_arg(spec, arg, seed=None, game=None):
    """The SearchAgent of a spec's argument: '<simulations>', '<ms>ms' (wall time) or
    '<ms>cpums' (CPU time of the process), then optional ':'-separated options (`options`)."""
    text, *tokens = join_zoo(arg.strip().split(":"))
    text = text.lower()
    tokens = [t if t.startswith("net=") else t.lower() for t in tokens]
    kw = options(spec, tokens, game) if tokens else {}
    if tokens:
        kw["name"] = "search:" + ":".join([text] + tokens)
    if game is not None:
        kw["game"] = game
    budget = None
    try:
        if text.endswith("ms"):
            cpu = text.endswith("cpums")
            ms = float(text[:-5] if cpu else text[:-2])
            if ms > 0 and np.isfinite(ms):
                budget = {"ms": ms, "cpu": cpu}
        elif text.isdigit() and int(text) > 0:
            budget = {"simulations": int(text)}
    except ValueError:
        pass
    if budget is None:
        raise ValueError(f"agent spec {spec!r}: search needs a positive number of simulations "
                         f"or a time per move, e.g. 'search:1000', 'search:200ms' (wall time) "
                         f"or 'search:200cpums' (CPU time), then optional options, e.g. "
                         f"'search:200cpums:spreader'")
    agent = SearchAgent(seed=seed, **budget, **kw)      # a net's own errors name its file
    return agent


def warm(game):
    """Compile (or load from the disk cache) the search loop of `game`: one small decision."""
    from speciesgym.agents.infoset import InfoSet
    from speciesgym.agents.runner import make_engine
    engine = make_engine(game, 2)
    state = engine.new_state(0)
    seat = engine.to_move(state)
    SearchAgent(4, seed=0).act(engine.observe(state, seat), engine.legal_mask(state),
                               InfoSet(engine, state, seat))
