"""A readable text table of an Evolution position (render_mode="ansi", `speciesgym show`)."""
import numpy as np

from speciesgym.envs.core.viewer import check_viewer
from speciesgym.envs.evolution.data import CLASS_KIND, KIND_NAMES, class_name
from speciesgym.envs.evolution.names import phase_name
from speciesgym.envs.evolution.state import TRAIT_SLOTS


def _traits(st, p, s, show_hidden):
    out = []
    for k in range(TRAIT_SLOTS):
        c = int(st["traits"][p, s, k])
        if c >= 0:
            name = KIND_NAMES[CLASS_KIND[c]] if show_hidden or not st["hidden"][p, s, k] \
                else "face-down card"
            out.append(f"({name})" if st["hidden"][p, s, k] else name)
    return ", ".join(out) or "-"


def _hand(st, p):
    cards = [class_name(c) for c in np.flatnonzero(st["hand"][p])
             for _ in range(int(st["hand"][p, c]))]
    return ", ".join(cards) or "empty"


def render_text(st, viewer=None, reveal=False):
    """Every player's species, food and hand size, as `viewer` sees them (envs.core.viewer):
    None, the spectator, sees no face-down trait; a seat sees its own (in parentheses) and
    its hand; reveal=True shows every face-down trait, in parentheses."""
    n = int(st["n_players"])
    viewer = check_viewer(viewer, n)
    lines = [
        f"Evolution{' + Flight' if st['flight'] else ''}  round {int(st['round']) + 1}  "
        f"phase {phase_name(st)}  to move: "
        f"{'-' if st['turn'] < 0 else 'player_' + str(int(st['turn']))}  "
        f"first: player_{int(st['first'])}",
        f"watering hole {int(st['wh'])}" + (f"  Cliff {int(st['cliff'])}" if st["flight"] else "")
        + f"  deck {int(st['deck_n'])}" + (f"  reserve {int(st['reserve_n'])}" if st["flight"] else "")
        + ("  LAST ROUND" if 0 <= st["last_round"] <= st["round"] else ""),
    ]
    for p in range(n):
        hand = int(st["hand"][p].sum())
        lines.append(f"player_{p}: hand {hand}  bag {int(st['bag'][p])}"
                     + ("  food card placed" if st["food_card"][p] >= 0 else ""))
        if viewer == p:
            lines.append(f"  your hand: {_hand(st, p)}")
            if st["food_card"][p] >= 0:
                lines.append(f"  your food card: {class_name(int(st['food_card'][p]))}")
        show_hidden = reveal or viewer == p
        for s in range(int(st["n_species"][p])):
            kind = "avian" if st["avian"][p, s] else "land "
            extra = f" upkeep {int(st['upkeep'][p, s])}" if st["avian"][p, s] else ""
            extra += f" fat {int(st['fat'][p, s])}" if st["fat"][p, s] else ""
            lines.append(
                f"  [{s}] {kind} body {int(st['body'][p, s])} pop {int(st['pop'][p, s])} "
                f"food {int(st['food'][p, s])}{extra}  traits: {_traits(st, p, s, show_hidden)}")
    return "\n".join(lines)
