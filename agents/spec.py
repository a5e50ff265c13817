"""`from_spec("kind:arg", game, num_players)`: any agent named on a command line.

  random                uniform over legal actions
  heuristic:<style>     evolution: grazer, hunter; dominant_species: dominator, spreader
  mcts:<simulations>    information-set MCTS with that many simulations per move
  search:<simulations>  compiled information-set search (agents.search), simulations per move
  search:<ms>ms         the same with a time budget per move (e.g. search:200ms)
  ppo:<path>            a MaskablePPO checkpoint (agents.ppo_agent.PPOAgent.load)
"""
import importlib

from agents.runner import GAMES

HEURISTICS = {
    "evolution": {"grazer": ("agents.evolution_heuristics", "GrazerAgent"),
                  "hunter": ("agents.evolution_heuristics", "HunterAgent")},
    "dominant_species": {"dominator": ("agents.ds_heuristics", "DominatorAgent"),
                         "spreader": ("agents.ds_heuristics", "SpreaderAgent")},
}
KINDS = ("random", "heuristic", "mcts", "search", "ppo")


def from_spec(spec, game, num_players, seed=None):
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
        from agents.random_agent import RandomAgent
        return RandomAgent(seed)
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
        from agents.mcts import MCTSAgent
        return MCTSAgent(sims, seed=seed)
    if kind == "search":
        from agents.search.agent import from_arg
        return from_arg(spec, arg, seed)
    if kind == "ppo":
        if not arg:
            raise ValueError(f"agent spec {spec!r}: ppo needs a checkpoint path, e.g. "
                             f"'ppo:runs/demo/final.zip'")
        try:
            module = importlib.import_module("agents.ppo_agent")
        except ModuleNotFoundError as e:
            if e.name not in ("agents.ppo_agent",):
                raise ValueError(f"agent spec {spec!r}: the PPO agent needs {e.name!r}, "
                                 f"which is not installed") from e
            raise ValueError(f"agent spec {spec!r}: the PPO agent (agents.ppo_agent) is not "
                             f"available in this installation") from e
        return module.PPOAgent.load(arg, game, num_players)
    raise ValueError(f"unknown agent spec {spec!r}; kinds: {', '.join(KINDS)} "
                     f"(e.g. random, heuristic:<style>, mcts:100, search:200ms, ppo:<path>)")
