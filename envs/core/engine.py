"""The engine protocol: what a game offers the wrapper layer, and the checked step.

An engine is a small Python object over the compiled kernels of one game with fixed options
(player count, expansions). It owns no game state: states are numpy record arrays that the
caller keeps, so one engine serves any number of games, clones and batches.
"""
# pyright: basic
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from speciesgym.envs.core.stepper import Stepper


# The ops of a game's `env_at(states, b, op, arg, setup, mask, obs)`: the one compiled entry
# point behind the engine methods an env calls (new_state, mask_into, apply_then_mask,
# observe). Every compiled entry point links and re-optimises the whole rule tree below it,
# so a user's first step compiles one instead of four (the cold start).
# ENV_NEW: a new game of `arg` players with the game's `setup` array; ENV_MASK: the mask into
# `mask`, returning the seat to move (-1 once over); ENV_STEP: apply action `arg`, then as
# ENV_MASK (-2 and nothing changed if the action cannot be applied); ENV_OBSERVE: seat
# `arg`'s observation into `obs`. Unused array arguments get NO_MASK / NO_OBS.
ENV_NEW, ENV_MASK, ENV_STEP, ENV_OBSERVE = 0, 1, 2, 3
NO_MASK = np.zeros(0, np.int8)
NO_OBS = np.zeros(0, np.float32)


class GameEngine(ABC):
    """Base of a game's engine; every game implements each method."""

    game = "base"
    num_players = 0
    num_actions = 0
    obs_size = 0
    obs_memo = 0      # floats after the observation in a Stepper's buffer, decide_at's memo

    @abstractmethod
    def new_state(self, seed: int) -> np.ndarray:
        """A fresh game as a record array of shape (1,), seeded by `seed` (an int)."""

    @abstractmethod
    def to_move(self, state: np.ndarray) -> int:
        """Seat that must act now, or -1 once the game is over."""

    @abstractmethod
    def legal_mask(self, state: np.ndarray) -> NDArray[np.int8]:
        """int8 vector of length num_actions: 1 where the action is legal now."""

    @abstractmethod
    def apply(self, state: np.ndarray, action: int) -> None:
        """Apply a legal action (the kernels trust it: use checked_step at a boundary)."""

    def conservation_problem(self, state: np.ndarray) -> str | None:
        """The first conservation law `state` breaks, as text, or None; `checked_step` asks
        after every step it applies. Games override it."""
        return None

    def mask_into(self, state: np.ndarray, out: NDArray[np.int8]) -> int:
        """Fill `out` (int8, num_actions) with the legal mask, all zeros once the game is
        over, and return the seat to move (-1 once over). Games override it with one
        compiled call."""
        seat = self.to_move(state)
        out[:] = self.legal_mask(state) if seat >= 0 else 0
        return seat

    def apply_then_mask(self, state: np.ndarray, action: int, out: NDArray[np.int8]) -> int:
        """`apply` then `mask_into`: one call per decision for a caller that holds the mask
        and has checked `action` against it (see `check_action`)."""
        self.apply(state, action)
        return self.mask_into(state, out)

    def stepper(self, observe: bool = True) -> Stepper:
        """A `speciesgym.envs.core.stepper.Stepper` over games of this engine: one compiled call per
        decision, mask, legal actions and the mover's observation in buffers it holds (the
        fast way to play many decisions from Python)."""
        from speciesgym.envs.core.stepper import Stepper
        return Stepper(self, observe=observe)

    @abstractmethod
    def observe(self, state: np.ndarray, seat: int) -> NDArray[np.float32]:
        """float32 vector of length obs_size: what `seat` may know now."""

    @abstractmethod
    def final(self, state: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(scores, winners, order_key) per seat, once the game is over."""

    @abstractmethod
    def action_name(self, state: np.ndarray, action: int) -> str:
        """A readable name of `action` in the decision the state is in."""

    @abstractmethod
    def phase_name(self, state: np.ndarray) -> str:
        """The phase (and pending decision) as a short name, for messages."""

    @abstractmethod
    def render_text(self, state: np.ndarray, viewer: int | None = None) -> str:
        """The position as text: everything, or (viewer = a seat) only what it may see."""

    def picture(self, state: np.ndarray, viewer: int | None = None,
                reveal: bool = False) -> Figure:
        """The position as a matplotlib Figure of the game's fixed size: the spectator's view
        (viewer None), a seat's view, or everything (reveal=True). Drawn by the game's
        `picture` module (beside its engine), imported only now."""
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.picture").draw(state, viewer, reveal)

    def render_image(self, state: np.ndarray, viewer: int | None = None,
                     reveal: bool = False) -> NDArray[np.uint8]:
        """The picture as an HxWx3 uint8 array (see `picture`)."""
        from speciesgym.envs.core.picture import figure_to_rgb
        return figure_to_rgb(self.picture(state, viewer, reveal))


class CompiledEngine(GameEngine):
    """A GameEngine over one compiled entry point `env_kernel` (the game's `env_at`, ops
    above) and `to_move_kernel(states, b)`: the seat to move and the legal mask are read the
    same way in every game. `no_setup`: the setup argument passed with the ops other than
    ENV_NEW (the type the game's env_at compiles for)."""

    env_kernel: Any = None
    to_move_kernel: Any = None
    no_setup: Any = 0
    check_state: Any = None         # the game's check_state(state), as a staticmethod

    def to_move(self, state: np.ndarray) -> int:
        self.check_state(state)
        return int(self.to_move_kernel(state, 0))

    def legal_mask(self, state: np.ndarray) -> NDArray[np.int8]:
        self.check_state(state)
        out = np.zeros(self.num_actions, np.int8)
        self.env_kernel(state, 0, ENV_MASK, 0, self.no_setup, out, NO_OBS)
        return out

    def mask_into(self, state: np.ndarray, out: NDArray[np.int8]) -> int:
        self.check_state(state)
        return int(self.env_kernel(state, 0, ENV_MASK, 0, self.no_setup, out, NO_OBS))


def check_action(engine: GameEngine, state: np.ndarray, action: Any,
                 mask: NDArray[np.int8]) -> int:
    """`action` as an int if `mask` (the legal mask of the running game in `state`, held by
    the caller) allows it; otherwise ValueError naming the action and the phase."""
    if type(action) is not int:
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"action must be an integer index, got {action!r}")
        action = int(action)
    if not 0 <= action < engine.num_actions:
        raise ValueError(
            f"illegal action {action}: outside 0..{engine.num_actions - 1} "
            f"(phase {engine.phase_name(state)})")
    if not mask[action]:
        raise ValueError(
            f"illegal action {action} ({engine.action_name(state, action)}) "
            f"in phase {engine.phase_name(state)}")
    return action


class ConservationError(RuntimeError):
    """A step broke a conservation law of its game (an engine fault, not a bad input)."""


def checked_step(engine: GameEngine, state: np.ndarray, action: Any) -> None:
    """Apply `action` after checking it; on a bad action raise ValueError, change nothing.
    After the step the game's conservation laws are checked (`engine.conservation_problem`):
    a step that breaks one is undone and raises ConservationError naming the law, so a
    broken state is caught at the step that makes it. Computes who moves and the mask: a
    caller that holds the mask uses `check_action` and `engine.apply_then_mask` instead."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"action must be an integer index, got {action!r}")
    action = int(action)
    if engine.to_move(state) < 0:
        raise ValueError(f"action {action}: the game is over")
    before = state.copy()
    engine.apply(state, check_action(engine, state, action, engine.legal_mask(state)))
    problem = engine.conservation_problem(state)
    if problem is not None:
        name = engine.action_name(before, action)
        state[...] = before
        raise ConservationError(f"action {action} ({name}) in phase "
                                f"{engine.phase_name(before)} broke a conservation law: {problem}")
