"""A readable text table of an Evolution position (render_mode="ansi", `speciesgym show`)."""
from envs.evolution.data import CLASS_KIND, KIND_NAMES
from envs.evolution.names import phase_name
from envs.evolution.state import TRAIT_SLOTS


def _traits(st, p, s):
    out = []
    for k in range(TRAIT_SLOTS):
        c = int(st["traits"][p, s, k])
        if c >= 0:
            name = KIND_NAMES[CLASS_KIND[c]]
            out.append(f"({name})" if st["hidden"][p, s, k] else name)
    return ", ".join(out) or "-"


def render_text(st):
    n = int(st["n_players"])
    lines = [
        f"Evolution{' + Flight' if st['flight'] else ''}  round {int(st['round']) + 1}  "
        f"phase {phase_name(st)}  to move: player_{int(st['turn'])}  "
        f"first: player_{int(st['first'])}",
        f"watering hole {int(st['wh'])}" + (f"  Cliff {int(st['cliff'])}" if st["flight"] else "")
        + f"  deck {int(st['deck_n'])}" + (f"  reserve {int(st['reserve_n'])}" if st["flight"] else "")
        + ("  LAST ROUND" if 0 <= st["last_round"] <= st["round"] else ""),
    ]
    for p in range(n):
        hand = int(st["hand"][p].sum())
        lines.append(f"player_{p}: hand {hand}  bag {int(st['bag'][p])}"
                     + ("  food card placed" if st["food_card"][p] >= 0 else ""))
        for s in range(int(st["n_species"][p])):
            kind = "avian" if st["avian"][p, s] else "land "
            extra = f" upkeep {int(st['upkeep'][p, s])}" if st["avian"][p, s] else ""
            extra += f" fat {int(st['fat'][p, s])}" if st["fat"][p, s] else ""
            lines.append(
                f"  [{s}] {kind} body {int(st['body'][p, s])} pop {int(st['pop'][p, s])} "
                f"food {int(st['food'][p, s])}{extra}  traits: {_traits(st, p, s)}")
    return "\n".join(lines)
