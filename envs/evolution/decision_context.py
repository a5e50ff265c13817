"""What the engine fields of each pending Evolution decision (state field `pend`, Pend) must
hold, checked against the position when a scenario loads.

PENDING_RULES maps every Pend to {engine field: rule}: the fields its kernels (and the
decisions that follow from it) read while it is in progress. A rule is a function
(st, value) -> None when the value fits the position, else the text of what it should be;
the player deciding is st["turn"]. A field of AT_REST that a decision's entry does not list
must hold its resting value (nothing is owed or acting outside the decisions that use it).
Building the table fails at import if a Pend has no entry, so a new decision kind cannot be
added without saying what its fields must be.
"""
import numpy as np

from speciesgym.envs.evolution.data import CLASS_KIND, Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, Pend

AT_REST = {"atk_sp": (-1, "no acting species"), "negate_left": (0, "no cards owed"),
           "nest_left": (0, "no Nesting food owed")}


def _face_up(st, p, s, kind):
    return any(c >= 0 and not h and CLASS_KIND[c] == kind
               for c, h in zip(st["traits"][p, s], st["hidden"][p, s]))


def _own_species(st, s):
    if not 0 <= s < int(st["n_species"][int(st["turn"])]):
        return f"a species of the player deciding (player {int(st['turn'])})"
    return None


def own_species(st, s):
    """The species acting belongs to the player deciding."""
    return _own_species(st, s)


def card_in_hand(st, c):
    """EVO-PLAY-01: the card selected is one the player holds."""
    if c < 0 or st["hand"][int(st["turn"])][c] < 1:
        return "a card in the hand of the player deciding"
    return None


def avian_affordable(st, pend):
    """FLT-AVIAN-01: an avian species costs 2 cards, an avian board and a free slot."""
    p = int(st["turn"])
    if not (st["flight"] and st["avian_left"] > 0 and st["n_species"][p] < MAX_SPECIES
            and st["hand"][p].sum() >= 2):
        return ("an avian species the player can pay for (Flight, an avian board left, "
                "a free slot, two cards)")
    return None


def carnivore(st, s):
    """EVO-ATK-01: the attacker is a carnivore of the player deciding."""
    if _own_species(st, s) or not _face_up(st, int(st["turn"]), s, Kind.CARNIVORE):
        return "a carnivore of the player deciding"
    return None


def intelligent_plant_eater(st, s):
    """EVO-TRAIT-07: a non-carnivore with Intelligence discards for 2 plant food (a
    carnivore never takes plant food, EVO-TRAIT-01)."""
    p = int(st["turn"])
    if (_own_species(st, s) or not _face_up(st, p, s, Kind.INTELLIGENCE)
            or _face_up(st, p, s, Kind.CARNIVORE)):
        return "a non-carnivore with Intelligence of the player deciding"
    return None


def diving_plant_eater(st, s):
    """FLT-EVENT-05: Dive-Bomb on an avian non-carnivore takes 2 plant food."""
    p = int(st["turn"])
    if _own_species(st, s) or not st["avian"][p, s] or _face_up(st, p, s, Kind.CARNIVORE):
        return "an avian non-carnivore of the player deciding"
    return None


def prey(st, t):
    """EVO-ATK-01: the prey is a species in play, never the attacker itself."""
    tp = int(st["tgt_seat"])
    if not 0 <= t < int(st["n_species"][tp]):
        return f"a species of player {tp} (engine.tgt_seat)"
    if (tp, t) == (int(st["turn"]), int(st["atk_sp"])):
        return "a species other than the attacker"
    return None


def horned_prey(st, t):
    """EVO-ATK-10/13: Intelligence is asked about Horns only when the prey shows Horns and
    the attacker has Intelligence."""
    wrong = prey(st, t)
    if wrong or not _face_up(st, int(st["tgt_seat"]), t, Kind.HORNS) or not _face_up(
            st, int(st["turn"]), int(st["atk_sp"]), Kind.INTELLIGENCE):
        return wrong or "a prey with Horns, the attacker having Intelligence"
    return None


def cards_owed(st, n):
    """EVO-ATK-10, FLT-FLIGHT-04: one card per protection negated, paid from the hand."""
    if not 1 <= n <= int(st["hand"][int(st["turn"])].sum()):
        return "1..the hand size of the player deciding"
    return None


def horns_standing(st, off):
    """EVO-ATK-13: Horns are not negated before the Horns question is answered."""
    if off:
        return "0 (Horns not negated yet)"
    return None


def nesting_food_owed(st, n):
    """FLT-TRAIT-06: land Nesting food is owed, one at a time, while the watering hole
    has food (from an empty one it comes from the bank without asking)."""
    if n < 1 or st["wh"] < 1:
        return "at least 1, with food on the watering hole"
    return None


def land_nester(st, s):
    """FLT-TRAIT-06: the species taking Nesting food is a land non-carnivore with Nesting."""
    p = int(st["turn"])
    if (_own_species(st, s) or st["avian"][p, s] or not _face_up(st, p, s, Kind.NESTING)
            or _face_up(st, p, s, Kind.CARNIVORE)):
        return "a land non-carnivore with Nesting of the player deciding"
    return None


def brood_parasite(st, s):
    """FLT-TRAIT-01: the owner chooses plant or meat for a non-carnivore Brood Parasite (a
    carnivore takes meat without asking)."""
    p = int(st["turn"])
    if (_own_species(st, s) or not _face_up(st, p, s, Kind.BROOD_PARASITE)
            or _face_up(st, p, s, Kind.CARNIVORE)):
        return "a non-carnivore with Brood Parasite of the player deciding"
    return None


_ATTACK = {"atk_sp": carnivore, "tgt_sp": prey, "horns_off": horns_standing}
PENDING_RULES = {
    Pend.NONE: {},
    Pend.USE_CARD: {"sel_card": card_in_hand},
    Pend.AVIAN_PAY: {"sel_card": card_in_hand, "pend": avian_affordable},
    Pend.NEST_SOURCE: {"nest_sp": land_nester, "nest_left": nesting_food_owed},
    Pend.ORDER: {},
    Pend.TARGET: {"atk_sp": carnivore},
    Pend.NEGATE_PAY: {**_ATTACK, "negate_left": cards_owed},
    Pend.HORNS: {**_ATTACK, "tgt_sp": horned_prey},
    Pend.INTEL_PAY: {"atk_sp": intelligent_plant_eater},
    Pend.DIVE_SPECIES: {},
    Pend.DIVE_SOURCE: {"atk_sp": diving_plant_eater},
    Pend.BROOD_FOOD: {"brood_sp": brood_parasite},
}
_MISSING = [p.name for p in Pend if p not in PENDING_RULES]
if _MISSING:
    raise AssertionError(f"decisions without rules for their fields: {', '.join(_MISSING)}")


def check_pending(st):
    """ValueError naming the first engine field of the decision in progress that does not
    hold what the decision needs (or, unused by it, is not at rest)."""
    pend = Pend(int(st["pend"]))
    rules = PENDING_RULES[pend]
    for field, (rest, what) in AT_REST.items():
        if field not in rules and int(st[field]) != rest:
            raise ValueError(f"engine.{field}: {pend.name} has {what}, needs {rest}, "
                             f"got {int(st[field])}")
    for field, rule in rules.items():
        value = int(np.asarray(st[field]))
        wrong = rule(st, value)
        if wrong:
            raise ValueError(f"engine.{field}: {pend.name} needs {wrong}, got {value}")
