"""Actions as the table sees them: what a seat other than the mover may be told.

`names.action_name` is the mover's own name of an action and may name a hidden card (its food
card, the card it selects, the trait it plays face down). `public_action_name` describes the
same action to `viewer` without those cards (EVO-FOOD-02, EVO-PLAY-11):

- a food card is placed face down (its name stays hidden until the reveal, EVO-REVEAL);
- selecting a card in Play Cards shows only that a card is taken from hand;
- a trait goes face down on a species; a replaced trait is named only if it was face up;
- body size, population and a new species are bought with a card discarded face up
  (EVO-PLAY-07..09): that card is public and named;
- everything else (feeding, attacks, event cards, discards for Intelligence, negations and
  the avian's second card) happens face up and keeps its ordinary name.
"""
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.data import class_name
from speciesgym.envs.evolution.names import action_name
from speciesgym.envs.evolution.state import TRAIT_SLOTS, Pend, Phase


def public_action_name(state, action, viewer):
    """Name of `action` (about to be applied to `state`, a (1,) record array) as `viewer`
    sees it at the table; the mover itself (viewer == the seat to move) gets the full name."""
    st = state[0]
    mover = int(st["turn"])
    if viewer == mover:
        return action_name(st, action)
    block, i = BLOCKS.decode(int(action))
    phase, pend = Phase(int(st["phase"])), Pend(int(st["pend"]))
    if block == "CARD" and pend == Pend.NONE and phase == Phase.SELECT_FOOD:
        return "places a food card face down"
    if block == "CARD" and pend == Pend.NONE and phase == Phase.PLAY:
        return "takes a card from hand to play"
    if block == "CARD" and pend == Pend.AVIAN_PAY:
        return (f"pays for the avian species with {class_name(int(st['sel_card']))} and "
                f"{class_name(i)} (discarded face up)")
    if block == "TRAIT":
        s, k = divmod(i, TRAIT_SLOTS)
        text = f"plays a face-down trait on species {s}"
        old = int(st["traits"][mover, s, k])
        if old >= 0:
            shown = "a face-down trait" if st["hidden"][mover, s, k] else class_name(old)
            text += f", replacing {shown}"
        return text
    if block in ("BODY", "POP", "NEW_LAND"):
        return f"{action_name(st, action)}, discarding {class_name(int(st['sel_card']))}"
    return action_name(st, action)
