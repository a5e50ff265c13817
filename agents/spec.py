"""`from_spec("kind:arg", game, num_players)`: any agent named on a command line.

  random                uniform over legal actions
  heuristic:<style>     evolution: grazer, hunter, flyer; dominant_species: dominator, spreader
  greedy                the game's compiled greedy rollout policy (agents.compiled); the
                        batched training env moves it inside its compiled step
  mcts:<simulations>    information-set MCTS with that many simulations per move
  search:<simulations>  compiled information-set search (agents.search), simulations per move
  search:<ms>ms         the same with a wall-time budget per move (e.g. search:200ms)
  search:<ms>cpums      the same with a budget of the process's CPU time per move
  search:<budget>:<opt> options after the budget (agents.search.agent.options), e.g.
                        search:200cpums:spreader (rollouts and prior by that heuristic),
                        search:64:net=best.npz:root=gumbel (a policy/value net file's
                        prior and value: net=, lam=, cp=; root=gumbel with m= sampled moves;
                        root=bias the plain walk steered by the prior; netdepth=1 the net at
                        the root alone)
  zoo:<game>-<n>p       a shipped policy/value net alone (agents.net; `speciesgym zoo` lists them)
  net:<file>            a policy/value net file alone (training.exit writes them)
  ppo:<path>            a MaskablePPO checkpoint (agents.ppo_agent.PPOAgent.load)
  rllib:<run folder>    an RLlib PPO run (training.rllib; agents.rllib_agent), needs Ray
  hybrid:<decisions>:<spec>|<base>   <spec> takes one kind of decision (feeding, evolve,
                        dominance: the suites' kinds), <base> the rest (agents.hybrid)
  py:<module>.<Name>    any importable class or factory making an agent: called with those
                        of `game`, `num_players`, `seed` that its signature names (all of
                        them if it takes **kwargs); what it returns must have `act`
"""
# pyright: basic
from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable
from typing import Any

from speciesgym.agents.base import Agent
from speciesgym.agents.runner import GAMES

HEURISTICS = {
    "evolution": {"grazer": ("speciesgym.agents.evolution_heuristics", "GrazerAgent"),
                  "hunter": ("speciesgym.agents.evolution_heuristics", "HunterAgent"),
                  "flyer": ("speciesgym.agents.evolution_flyer", "FlyerAgent")},
    "dominant_species": {"dominator": ("speciesgym.agents.ds_heuristics", "DominatorAgent"),
                         "spreader": ("speciesgym.agents.ds_heuristics", "SpreaderAgent")},
}
KINDS = ("random", "heuristic", "greedy", "mcts", "search", "ppo", "rllib", "hybrid", "py", "zoo",
         "net")


def spec_table() -> str:
    """The kinds of spec with what each means (this module's docstring), for the end of a
    command's --help."""
    lines = (__doc__ or "").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  random"))
    return "agent specs (agents/spec.py):\n" + "\n".join(lines[first:]).rstrip() + "\n"


def from_spec(spec: str, game: str, num_players: int, seed: int | None = None) -> Agent:
    """The agent named by `spec` for `game` with `num_players`; ValueError names bad input."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"agent spec must be a non-empty string like 'random' or "
                         f"'mcts:100', got {spec!r}")
    kind, _, arg = spec.strip().partition(":")
    if kind == "random":
        if arg:
            raise ValueError(f"agent spec {spec!r}: 'random' takes no argument")
        from speciesgym.agents.random_agent import RandomAgent
        return RandomAgent(seed)
    if kind == "greedy":
        if arg:
            raise ValueError(f"agent spec {spec!r}: 'greedy' takes no argument")
        from speciesgym.agents.compiled import CompiledPolicyAgent
        return CompiledPolicyAgent(game, "greedy", seed=seed)
    if kind == "heuristic":
        styles = HEURISTICS[game]
        if arg not in styles:
            raise ValueError(f"agent spec {spec!r}: unknown heuristic style {arg!r} for {game}; "
                             f"choose one of {', '.join(styles)}")
        module, cls = styles[arg]
        return getattr(importlib.import_module(module), cls)(seed=seed)
    if kind == "mcts":
        try:
            sims = int(arg)
        except ValueError:
            sims = 0
        if sims < 1:
            raise ValueError(f"agent spec {spec!r}: mcts needs a positive number of "
                             f"simulations, e.g. 'mcts:100'")
        from speciesgym.agents.mcts import MCTSAgent
        return MCTSAgent(sims, seed=seed)
    if kind == "search":
        from speciesgym.agents.search.agent import from_arg
        return from_arg(spec, arg, seed, game)
    if kind in ("zoo", "net"):
        from speciesgym.agents.net.agent import from_arg as net_from_arg
        return net_from_arg(spec, kind, arg, game, num_players)
    if kind == "ppo":
        if not arg:
            raise ValueError(f"agent spec {spec!r}: ppo needs a checkpoint path, e.g. "
                             f"'ppo:runs/demo/final.zip'")
        try:
            module = importlib.import_module("speciesgym.agents.ppo_agent")
        except ModuleNotFoundError as e:
            if e.name not in ("speciesgym.agents.ppo_agent",):
                raise ValueError(f"agent spec {spec!r}: the PPO agent needs {e.name!r}, "
                                 f"which is not installed") from e
            raise ValueError(f"agent spec {spec!r}: the PPO agent (agents.ppo_agent) is not "
                             f"available in this installation") from e
        return module.PPOAgent.load(arg, game, num_players)
    if kind == "rllib":
        if not arg:
            raise ValueError(f"agent spec {spec!r}: rllib needs a run folder, e.g. "
                             f"'rllib:runs/rllib-evolution'")
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ValueError(f"agent spec {spec!r}: the RLlib agent needs Ray: pip install "
                             f"'speciesgym[ray]'") from None
        from speciesgym.agents.rllib_agent import RLlibAgent
        return RLlibAgent(arg, game, num_players)
    if kind == "hybrid":
        return build_hybrid(spec, arg, game, num_players, seed)
    if kind == "py":
        return build_py(spec, game, num_players, seed)
    raise ValueError(f"unknown agent spec {spec!r}; kinds: {', '.join(KINDS)} "
                     f"(e.g. random, heuristic:<style>, greedy, mcts:100, search:200ms, ppo:<path>, "
                     f"rllib:<run>, py:<module>.<Name>)")


def py_factory(spec: str) -> Callable[..., Any]:
    """The class or factory named by a `py:<module>.<Name>` spec, imported but not called;
    ValueError names a spec that is malformed, not importable or not callable. The module is
    looked for on sys.path, then in the current folder (as `python -m` would: the
    `speciesgym` console script does not put the current folder on sys.path)."""
    module_name, _, name = spec.strip()[3:].rpartition(".")
    if not module_name or not name:
        raise ValueError(f"agent spec {spec!r}: py needs a module and a name, e.g. "
                         f"'py:mybots.Greedy'")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"agent spec {spec!r}: cannot import {module_name!r} ({exc})") from None
    factory = getattr(module, name, None)
    if factory is None:
        raise ValueError(f"agent spec {spec!r}: module {module_name!r} has no {name!r}")
    if not callable(factory):
        raise ValueError(f"agent spec {spec!r}: {module_name}.{name} has type "
                         f"{type(factory).__name__}, not a class or factory")
    return factory


def build_py(spec: str, game: str, num_players: int, seed: int | None) -> Agent:
    """Call the factory of a `py:` spec with the arguments it names; the agent it returns."""
    factory = py_factory(spec)
    given = {"game": game, "num_players": num_players, "seed": seed}
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        params = ()
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        given = {p.name: given[p.name] for p in params if p.name in given}
    agent = factory(**given)
    if not callable(getattr(agent, "act", None)):
        raise ValueError(f"agent spec {spec!r} made a {type(agent).__name__}, which has no "
                         f"act(observation, action_mask) method")
    return agent


def build_hybrid(spec, arg, game, num_players, seed):
    """The HybridAgent a `hybrid:` spec names, its two parts built by from_spec."""
    from speciesgym.agents.hybrid import HybridAgent, parse
    from speciesgym.envs.decision_kinds import GAMES as KIND_GAMES
    decisions, inner, base = parse(spec, arg)
    if KIND_GAMES[decisions] != game:
        raise ValueError(f"agent spec {spec!r}: {decisions} decisions are "
                         f"{KIND_GAMES[decisions]}'s, not {game}'s")
    return HybridAgent(decisions, from_spec(inner, game, num_players, seed=seed),
                       from_spec(base, game, num_players, seed=seed), seed=seed)
