"""`speciesgym play`: agents at a table, or a person in one seat playing at the terminal.

The person sees what their seat sees: the table drawn for their seat
(`engine.render_text(state, viewer=seat)`), and the other seats' actions as the table sees
them (`envs.<game>.public_names.public_action_name`): a food card placed face down, a trait
played face down on a species, never the card itself. Without a person every action is
printed by its full name (a spectator who sees everything).

The person chooses among the legal actions by number (1, 2, ...; the table numbers species
[0], [1], ...); a decision with a single legal action is played for them and shown. `q` or
the end of the input stops the game (no traceback). With `save`, the game is written as a
record (training.records.record) when it ends or stops.
"""
import sys

import numpy as np

from speciesgym.agents.runner import agent_action, make_engine
from speciesgym.agents.spec import from_spec
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.games import public_namer
from speciesgym.training.records.record import add_action, finish_record, new_record, save_record

HUMAN = "human"


class GameStopped(Exception):
    """The person quit, or the input ended, before the game was over."""


def check_human(human, num_players):
    if human is not None and not 0 <= human < num_players:
        raise ValueError(f"--human {human}: seats are 0..{num_players - 1} "
                         f"for {num_players} players")
    return human


def seat_specs(agents, num_players, human):
    """Agent spec per seat ("human" at the person's seat) from a comma list holding one spec
    for every agent seat or one per agent seat, in seat order."""
    specs = [s.strip() for s in (agents or "random").split(",")]
    if not all(specs):
        raise ValueError(f"--agents {agents!r}: an empty spec in the list")
    bots = num_players - (human is not None)
    if len(specs) == 1:
        specs = specs * bots
    if len(specs) != bots:
        raise ValueError(f"--agents: give one spec for all {bots} agent seats or one per "
                         f"seat ({bots}), got {len(specs)}")
    it = iter(specs)
    return [HUMAN if seat == human else next(it) for seat in range(num_players)]


def ask_person(engine, state, seat, legal, ask, out):
    """The person's choice among `legal` (action indices), read with `ask`."""
    out(engine.render_text(state, viewer=seat))
    for i, action in enumerate(legal, 1):
        out(f"  {i}) {engine.action_name(state, action)}")
    while True:
        try:
            text = ask(f"player_{seat}, choose 1..{len(legal)} (q to quit): ").strip()
        except EOFError:
            raise GameStopped("the input ended") from None
        if text.lower() in ("q", "quit"):
            raise GameStopped("you quit")
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return int(legal[int(text) - 1])
        out(f"not a listed number: type 1..{len(legal)}, or q to quit")


def play_table(game, num_players, options, seed, specs, human=None, quiet=False,
               save=None, ask=input, out=print):
    """Play one game with the agents of `specs` (one per seat, "human" for the person);
    returns the game record (finished or not). Raises GameStopped when the person stops."""
    engine = make_engine(game, num_players, **options)
    state = engine.new_state(seed)
    agents = [None if spec == HUMAN else from_spec(spec, game, num_players, seed=seed + seat)
              for seat, spec in enumerate(specs)]
    for seat, agent in enumerate(agents):
        if agent is not None and getattr(agent, "reset", None) is not None:
            agent.reset(seat, num_players)
    public = public_namer(game)
    record = new_record(game, num_players, options, seed, specs)
    try:
        while (seat := engine.to_move(state)) >= 0:
            mask = engine.legal_mask(state)
            forced = False
            if seat == human:
                legal = np.flatnonzero(mask)
                forced = len(legal) == 1
                action = int(legal[0]) if forced else ask_person(engine, state, seat, legal,
                                                                 ask, out)
            else:
                action = agent_action(agents[seat], engine, state, seat, mask)
            full = engine.action_name(state, action)
            shown = full if human is None else public(state, action, human)
            if not quiet or forced:
                out(f"player_{seat}: {shown}" + ("  (the only choice)" if forced else ""))
            add_action(record, seat, action, full)
            checked_step(engine, state, action)
    finally:
        if engine.to_move(state) < 0:
            finish_record(record, *engine.final(state)[:2])
        if save:
            save_record(record, save)
    out(engine.render_text(state, viewer=human))
    for seat, score in enumerate(record["scores"]):
        out(f"player_{seat}: {score} points"
            + ("  (winner)" if seat in record["winners"] else "")
            + ("  (you)" if seat == human else ""))
    return record


def run_play(args):
    """The `play` subcommand: 0 when the game was played out, 1 when the person stopped,
    130 on Ctrl-C."""
    from speciesgym.training.games import parse_options
    human = check_human(args.human, args.players)
    specs = seat_specs(args.agents, args.players, human)
    save = args.save                       # its folder checked by the parser (cli_types)
    try:
        play_table(args.game, args.players, parse_options(args.option), args.seed, specs,
                   human, args.quiet, save)
    except (GameStopped, KeyboardInterrupt) as stop:
        print(f"\nspeciesgym: {stop or 'interrupted'}; game stopped before its end"
              + (f" (moves so far in {save})" if save else ""), file=sys.stderr)
        return 1 if isinstance(stop, GameStopped) else 130
    if save:
        print(f"wrote {save}")
    return 0
