"""Readable names of phases and actions, for logs, replays and the terminal player."""
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.data import class_name
from speciesgym.envs.evolution.state import MAX_SPECIES, N_TRIG, TRAIT_SLOTS, Pend, Phase, Source, Trig

_CARD_VERB = {
    Pend.AVIAN_PAY: "pay for the avian with",
    Pend.NEGATE_PAY: "discard to negate a protection:",
    Pend.HORNS: "discard to negate Horns:",
    Pend.INTEL_PAY: "discard for Intelligence food:",
}
_PHASE_CARD_VERB = {
    Phase.SELECT_FOOD: "food card:",
    Phase.PLAY: "select",
    Phase.EVENTS: "play event",
}
_SOURCE = {Source.WATERING_HOLE: "watering hole", Source.CLIFF: "Cliff",
           Source.BANK_PLANT: "food bank (plant)", Source.BANK_MEAT: "food bank (meat)"}


def phase_name(st):
    name = Phase(int(st["phase"])).name
    pend = Pend(int(st["pend"]))
    return name if pend == Pend.NONE else f"{name}/{pend.name}"


def _species(st, seat, s):
    return f"species {s} of player_{seat}"


def action_name(st, action):
    """Name of `action` in the decision the state is in (works for any action index)."""
    block, i = BLOCKS.decode(int(action))
    seat = int(st["turn"])
    pend = Pend(int(st["pend"]))
    phase = Phase(int(st["phase"]))
    if block == "CARD":
        verb = _CARD_VERB.get(pend) or _PHASE_CARD_VERB.get(phase, "card")
        return f"{verb} {class_name(i)}"
    if block == "DONE":
        if pend == Pend.HORNS:
            return "accept Horns"
        return {Phase.PLAY: "done playing cards", Phase.EVENTS: "done with events"}.get(
            phase, "pass")
    if block == "TRAIT":
        s, k = divmod(i, TRAIT_SLOTS)
        return f"trait into slot {k} of species {s}"
    if block in ("BODY", "POP"):
        return f"{'body size' if block == 'BODY' else 'population'} +1 on species {i}"
    if block in ("NEW_LAND", "NEW_AVIAN"):
        kind = "land" if block == "NEW_LAND" else "avian"
        return f"new {kind} species at the {'right' if i else 'left'} end"
    if block == "FEED_WH":
        return f"feed species {i} from the watering hole"
    if block == "FEED_CLIFF":
        return f"feed species {i} from the Cliff"
    if block == "INTEL_FOOD":
        return f"Intelligence: species {i} takes 2 food"
    if block == "ATTACK":
        return f"attack with species {i}"
    if block == "TARGET":
        rel, s = divmod(i, MAX_SPECIES)
        n = max(int(st["n_players"]), 1)
        if rel >= n:
            return f"attack species {s} of relative seat {rel} (no such seat)"
        return f"attack {_species(st, (seat + rel) % n, s)}"
    if block == "DIVE":
        return f"Dive-Bomb with species {i}"
    if block == "SOURCE":
        return f"take from the {_SOURCE[Source(i)]}"
    s, t = divmod(i, N_TRIG)
    return f"resolve {Trig(t).name.replace('_', ' ').title()} of species {s}"
