"""Compiled information-set search (`search:<simulations>`, `search:<ms>ms`, `search:<ms>cpums`,
then options such as `:prior=spreader` or `:eval`: agent.options).

  kernels.py            the game kernels under common names, resolved by state record type
  uct.py                the search loop (tree in arrays, determinise, rollout, back-up): once,
                        with or without a policy/value net
  uct_net.py            the net's parts of the loop: evaluation at a node, PUCT, leaf mix
  gumbel.py             the net-guided search's Gumbel root with Sequential Halving
  tree.py               Tree: the loop's arrays between decisions, the Gumbel root's result
  policy.py             shared pieces of the compiled rollout policies
  evolution.py, dominant_species.py         per-game glue: registers the game's kernels
                        (rollout/prior kinds 2 + j: its compiled heuristic styles)
  evolution_greedy.py, ds_greedy.py         compiled greedy rollout policies
  ds_heur_scores.py     the Dominant Species heuristics' scoring (agents.ds_heuristics and the
                        batched env's compiled opponents), over ds_heur_view.py (the
                        observation read back), ds_heur_parts.py (tile values, the styles'
                        weights) and ds_heur_exec.py (execution decisions)
  agent.py              SearchAgent (agents.base.Agent) with a simulation or time budget
  bench.py              simulations per second against agents.mcts, both games
  label.py              reference values of every legal action (the decision suites' labels)

The loop's compiled code includes the games' kernels, so its disk cache is dropped when any
source it is built from changes (envs.core.cache).
"""
import pathlib

from speciesgym.envs.core.cache import drop_stale_cache

_HERE = pathlib.Path(__file__).resolve().parent
# (the Evolution glue compiles in the heuristic twins of agents.evolution_compiled, the loop
# the net's forward pass of agents.net, whose dense layer is agents.ppo_compiled's)
drop_stale_cache(_HERE, [_HERE, _HERE.parent / "evolution_compiled", _HERE.parent / "net",
                         _HERE.parent / "ppo_compiled.py", _HERE.parent.parent / "envs"])
