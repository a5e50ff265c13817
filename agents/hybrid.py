"""`hybrid:<decisions>:<spec>|<base spec>`: one agent takes one kind of decision, another the
rest, e.g. `hybrid:feeding:search:25|heuristic:flyer` (search:25 chooses in Evolution's
Feeding phase, heuristic:flyer everywhere else).

Why: a decision suite scores one kind of decision, a tournament whole games. A tournament of
hybrids that share the base and differ only in who takes the suite's kind of decision rates
exactly what the suite scores (README, "Does the suite order agents as a tournament does?").

The kinds are the suites' (`envs.decision_kinds`: feeding, evolve, dominance). Which
kind a decision is depends on public fields only (phase, the pending sub-decision) and the
legal actions; the hybrid reads them from one determinisation of its seat's information set
(those fields are the same in every determinisation), so it wants the InfoSet as search
agents do, and passes it on to whichever agent wants it.
"""
import numpy as np

from speciesgym.agents.base import Agent
from speciesgym.envs.decision_kinds import GAMES as KIND_GAMES
from speciesgym.envs.decision_kinds import typer

SEPARATOR = "|"


def parse(spec, arg):
    """(decisions, inner spec, base spec) of a hybrid spec's argument; ValueError names what
    is wrong."""
    decisions, _, rest = arg.partition(":")
    inner, sep, base = rest.rpartition(SEPARATOR)
    if not sep or not inner.strip() or not base.strip():
        raise ValueError(f"agent spec {spec!r}: hybrid needs "
                         f"'hybrid:<decisions>:<spec>{SEPARATOR}<base spec>', e.g. "
                         f"'hybrid:feeding:search:25{SEPARATOR}heuristic:flyer'")
    if decisions not in KIND_GAMES:
        raise ValueError(f"agent spec {spec!r}: unknown kind of decisions {decisions!r}; "
                         f"choose one of {', '.join(KIND_GAMES)}")
    if inner.strip().startswith("hybrid:") or base.strip().startswith("hybrid:"):
        raise ValueError(f"agent spec {spec!r}: a hybrid's parts cannot be hybrids")
    return decisions, inner.strip(), base.strip()


class HybridAgent(Agent):
    """`inner` chooses the decisions of kind `decisions`, `base` all others."""

    wants_infoset = True

    def __init__(self, decisions, inner, base, seed=None):
        self.decisions, self.inner, self.base = decisions, inner, base
        self._type = typer(decisions)
        self._rng = np.random.default_rng(seed)
        self.name = f"hybrid:{decisions}:{getattr(inner, 'name', '?')}{SEPARATOR}" \
                    f"{getattr(base, 'name', '?')}"

    @property
    def parts(self):
        return (self.inner, self.base)

    def chooser(self, action_mask, infoset):
        """The part that takes this decision."""
        if infoset is None:
            raise ValueError("hybrid agent: act needs the seat's InfoSet (runners give it to "
                             "agents with wants_infoset)")
        view = infoset.sample(self._rng)
        kind = self._type(view, action_mask)
        return self.inner if kind is not None else self.base

    def act(self, observation, action_mask, infoset=None) -> int:
        agent = self.chooser(action_mask, infoset)
        if getattr(agent, "wants_infoset", False):
            return agent.act(observation, action_mask, infoset)
        return agent.act(observation, action_mask)

    def reset(self, seat=None, num_players=None):
        for agent in self.parts:
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(seat, num_players)
