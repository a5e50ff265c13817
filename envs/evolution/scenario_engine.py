"""A scenario's decision in progress: the exact engine fields (the "engine" block that
`to_scenario` writes), each range-checked, and the checks that the decision they describe
is one the engine can be in (the right phase, the right seat), and the fields of the decision
in progress against the position (decision_context.PENDING_RULES).

Every check raises ValueError naming the field. A position that passes them and the
invariants (envs.evolution.invariants) plays on to the end like any other.
"""
from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.decision_context import check_pending
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, N_TRIG, Pend, Phase, Stage

INT32_MAX = 2**31 - 1


def engine_bounds(n):
    """Inclusive (low, high) of every engine field for n players."""
    return {
        "stage": (0, len(Stage) - 1), "pend": (0, len(Pend) - 1), "order_i": (0, n),
        "sel_card": (-1, N_CLASSES - 1), "sel_pos": (0, 1), "nest_left": (0, 6),
        "nest_sp": (0, MAX_SPECIES - 1), "nest_ret": (0, 0), "brood_sp": (0, MAX_SPECIES - 1),
        "atk_sp": (-1, MAX_SPECIES - 1), "tgt_seat": (0, n - 1),
        "tgt_sp": (0, MAX_SPECIES - 1), "negate_left": (0, 9), "horns_off": (0, 1),
        "scav_seat": (0, n - 1), "scav_i": (0, n), "dive_seat": (-1, -1),
        "decisions": (0, 2**30), "bank_out": (0, INT32_MAX), "rng": (1, 2**64 - 1),
    }


ENGINE_FIELDS = tuple(engine_bounds(2)) + ("trig",)


def _integer(value, field, low, high):
    if type(value) is not int:
        raise ValueError(f"{field}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{field}: {value} is outside {low}..{high}")
    return value


def read_engine_fields(st, fields, n):
    """Write the given engine fields into the record, each checked (trig: per seat and
    species, bits below 2**N_TRIG, only on species in play: checked by the invariants)."""
    if not isinstance(fields, dict):
        raise ValueError(f"engine: expected an object, got {type(fields).__name__}")
    unknown = sorted(set(fields) - set(ENGINE_FIELDS), key=str)
    if unknown:
        raise ValueError(f"engine: unknown field(s) {', '.join(map(str, unknown))}")
    for name, (low, high) in engine_bounds(n).items():
        if name in fields:
            st[name] = _integer(fields[name], f"engine.{name}", low, high)
    if "trig" in fields:
        rows = fields["trig"]
        if not isinstance(rows, list) or len(rows) != MAX_PLAYERS or any(
                not isinstance(r, list) or len(r) != MAX_SPECIES for r in rows):
            raise ValueError(f"engine.trig: expected {MAX_PLAYERS} lists of {MAX_SPECIES} "
                             "integers")
        flat = [bits for row in rows for bits in row]
        if not all(type(bits) is int for bits in flat) or min(flat) < 0 \
                or max(flat) >= 1 << N_TRIG:
            raise ValueError(f"engine.trig: expected integers 0..{(1 << N_TRIG) - 1}")
        for p, row in enumerate(rows):
            for s, bits in enumerate(row):
                if bits and (p >= n or s >= st["n_species"][p]):
                    raise ValueError(f"engine.trig[{p}][{s}]: a trigger on no species")
        st["trig"] = rows


_PENDS = {
    Phase.DEAL: {Pend.NONE}, Phase.SELECT_FOOD: {Pend.NONE},
    Phase.PLAY: {Pend.NONE, Pend.USE_CARD, Pend.AVIAN_PAY, Pend.NEST_SOURCE},
    Phase.EVENTS: {Pend.NONE, Pend.DIVE_SPECIES, Pend.DIVE_SOURCE, Pend.TARGET,
                   Pend.NEGATE_PAY, Pend.HORNS, Pend.ORDER},
    Phase.PRE_REVEAL: {Pend.NONE, Pend.ORDER, Pend.BROOD_FOOD, Pend.NEST_SOURCE},
    Phase.FEEDING: {Pend.NONE, Pend.TARGET, Pend.NEGATE_PAY, Pend.HORNS, Pend.INTEL_PAY,
                    Pend.ORDER},
    Phase.CLEANUP: {Pend.NONE}, Phase.OVER: {Pend.NONE},
}
_TURN_STAGES = {Stage.ENTER, Stage.DECIDE}
_STAGES = {Phase.SELECT_FOOD: _TURN_STAGES, Phase.PLAY: _TURN_STAGES,
           Phase.PRE_REVEAL: _TURN_STAGES, Phase.EVENTS: set(Stage), Phase.FEEDING: set(Stage)}


def check_decision(st):
    """The phase, stage, pending decision and their fields fit together (see module doc)."""
    n = int(st["n_players"])
    phase, stage, pend = Phase(int(st["phase"])), Stage(int(st["stage"])), Pend(int(st["pend"]))
    if pend not in _PENDS[phase]:
        raise ValueError(f"engine.pend: {pend.name} is not a decision of phase {phase.name}")
    if stage not in _STAGES.get(phase, set(Stage)):
        raise ValueError(f"engine.stage: {stage.name} is not a stage of phase {phase.name}")
    if phase == Phase.EVENTS and not st["flight"]:
        raise ValueError("phase: events need flight=true")
    if (stage in (Stage.ENTER, Stage.DONE) and pend != Pend.NONE
            or stage == Stage.SCAVENGE and pend not in (Pend.NONE, Pend.ORDER)
            or pend == Pend.ORDER and phase != Phase.PRE_REVEAL and stage != Stage.SCAVENGE):
        raise ValueError(f"engine.stage: {stage.name} with decision {pend.name}")
    turn, order_i, first = int(st["turn"]), int(st["order_i"]), int(st["first"])
    in_order = (first + order_i) % n
    if phase in (Phase.SELECT_FOOD, Phase.PLAY, Phase.PRE_REVEAL, Phase.EVENTS) \
            and stage != Stage.ENTER and pend != Pend.NONE and stage != Stage.SCAVENGE:
        if order_i >= n or turn != in_order:
            raise ValueError(f"turn: player {turn} decides but it is player {in_order}'s "
                             "turn in order (engine.order_i)")
    if stage == Stage.SCAVENGE:
        scav_i = int(st["scav_i"])
        if pend == Pend.ORDER and (scav_i >= n or turn != (first + scav_i) % n):
            raise ValueError("engine.scav_i: the scavenger decision is not player "
                             f"{turn}'s")
        if phase == Phase.EVENTS and (order_i >= n or st["scav_seat"] != in_order):
            raise ValueError("engine.scav_seat: not the seat whose event turn it is")
    _check_food_cards(st, phase, stage, n, first, order_i)
    check_pending(st)


def _check_food_cards(st, phase, stage, n, first, order_i):
    """A food card waits face down only from Select Food to the reveal; in Select Food only
    players who have had their turn have one."""
    if phase in (Phase.PLAY, Phase.EVENTS, Phase.PRE_REVEAL):
        return
    done = order_i if phase == Phase.SELECT_FOOD and stage != Stage.ENTER else 0
    for i in range(done, n):
        p = (first + i) % n
        if st["food_card"][p] >= 0:
            raise ValueError(f"seats[{p}].food_card: no food card is down for this player "
                             f"in phase {phase.name}")
