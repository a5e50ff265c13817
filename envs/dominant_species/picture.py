"""A picture of a Dominant Species position, WIDTH x HEIGHT pixels whatever the position:
the earth on the left with the legend under it, the action display and the dominance cards,
terrain stacks and bag on the right, the animals table below them, and a title line with the
round, the phase, the decision in progress and who makes it, and the Ice Age state.

`draw(state, viewer=None, reveal=False)` returns a matplotlib Figure (Agg, no window), for
`GameEngine.picture` / `render_image` and `speciesgym show`. Who sees what
(envs.core.picture): the whole table is public in Dominant Species except the order of the
dominance deck and of the face-down terrain tiles (DS-SET-07, DS-SET-09), so the spectator
and every seat see the same table (a seat's picture only names it "you");
`reveal=True` adds the hidden orders in red, marked "hidden".

Drawing modules: picture_earth (hexes), picture_display (action display), picture_panel
(table, cards, stacks, legend), picture_style (colours, primitives).
"""
import textwrap

from speciesgym.envs.core.picture import check_viewer, new_figure
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.names import cell_label, decision_label
from speciesgym.envs.dominant_species.picture_display import draw_display
from speciesgym.envs.dominant_species.picture_earth import draw_earth, earth_size, focus_cell
from speciesgym.envs.dominant_species.picture_panel import (draw_animals, draw_cards, draw_legend,
                                                 draw_supply)
from speciesgym.envs.dominant_species.picture_style import Sketch
from speciesgym.envs.dominant_species.rules.board import PH_EXECUTION, PH_OVER, PHASE_NAMES

WIDTH, HEIGHT = 1600, 900
HEX_RADIUS = 64
TITLE_H = 40
RIGHT_X = 740


def draw(state, viewer=None, reveal=False):
    """The Figure of state[0] (a record array of shape (1,)) as `viewer` sees it."""
    st = state[0]
    viewer = check_viewer(viewer, int(st["num_players"]))
    if not isinstance(reveal, bool):
        raise ValueError(f"reveal must be True or False, got {reveal!r}")
    fig = new_figure(WIDTH, HEIGHT)
    sk = Sketch(fig, WIDTH, HEIGHT)
    _draw_title(sk, st, state, viewer, reveal)
    _, h = earth_size(HEX_RADIUS)
    draw_earth(sk, st, (RIGHT_X - 8) / 2, TITLE_H + 12 + h / 2, HEX_RADIUS)
    draw_legend(sk, 14, TITLE_H + h + 28)
    draw_display(sk, st, RIGHT_X, TITLE_H + 26, 33)
    y = draw_cards(sk, st, RIGHT_X + 375, TITLE_H + 14, reveal)
    draw_supply(sk, st, RIGHT_X + 375, y + 8, reveal)
    y = draw_animals(sk, st, RIGHT_X + 4, TITLE_H + 26 + 12 * 33 + 22, viewer)
    _draw_status(sk, st, state, RIGHT_X + 4, y + 16)
    sk.finish()
    return fig


def _draw_title(sk, st, state, viewer, reveal):
    sk.rect(0, 0, WIDTH, TITLE_H, "#2b2d42", "none", 0, z=0.5)
    if st["phase"] == PH_OVER:
        best = _ranked_seats(st)[0]
        a = int(st["seat_animal"][best])
        now = (f"game over after round {int(st['round'])}: {D.ANIMAL_NAMES[a]} "
               f"(player_{best}) wins with {int(st['vp'][a])} VP")
    else:
        now = (f"round {int(st['round'])}, {PHASE_NAMES[st['phase']]}: "
               f"{decision_label(state)}")
        actor = int(st["actor"])
        if 0 <= actor < 6:
            sk.chip(WIDTH - 470, TITLE_H / 2, 20, 20, actor, D.ANIMAL_LETTERS[actor], size=8)
            sk.text(WIDTH - 456, TITLE_H / 2, f"player_{int(st['animal_seat'][actor])} decides",
                    size=10, color="white", ha="left", weight="bold")
    sk.text(12, TITLE_H / 2, f"Dominant Species \u2014 {now}", size=13, color="white",
            ha="left", weight="bold")
    if st["ice_age"] and st["phase"] != PH_OVER:
        sk.text(WIDTH - 320, TITLE_H / 2, "ICE AGE taken: last round", size=10,
                color="#ffb3c1", ha="left", weight="bold")
    if reveal:
        who = "everything (hidden in red)"
    elif viewer is None:
        who = "spectator's view"
    else:
        who = f"player_{viewer}'s view"
    sk.text(WIDTH - 10, TITLE_H / 2, who, size=9, color="white", ha="right")


def _draw_status(sk, st, state, x0, y0):
    """The round state in words: round, phase, Ice Age, the decision and what it is about."""
    sk.text(x0, y0, "Round state", size=9, weight="bold", ha="left")
    lines = [f"Round {int(st['round'])}, {PHASE_NAMES[st['phase']]} phase."]
    if st["phase"] == PH_OVER:
        lines.append("The game is over (Ice Age taken, or the round cap reached).")
    elif st["ice_age"]:
        lines.append("Ice Age has been taken: the game ends at this round's Reset.")
    else:
        lines.append("Ice Age not taken yet: another round follows this one.")
    if st["phase"] == PH_OVER:
        lines += textwrap.wrap("Final: " + ", ".join(
            f"{D.ANIMAL_NAMES[st['seat_animal'][s]]} (player_{s}) "
            f"{int(st['vp'][st['seat_animal'][s]])} VP" for s in _ranked_seats(st)), 110)
    else:
        lines.append(f"Decision: {decision_label(state)}; "
                     f"player_{int(st['animal_seat'][st['actor']])} decides.")
        if st["phase"] == PH_EXECUTION:
            sp = int(st["space_now"])
            lines.append(f"Resolving: {D.ACTION_NAMES[D.SPACE_ACTION[sp]]} space "
                         f"{int(D.SPACE_SLOT[sp]) + 1} (red square).")
        for field, what in (("card", "Card in play"), ("card_pending", "Card taken")):
            if st[field] >= 0:
                lines.append(f"{what}: {D.CARD_NAMES[int(st[field])]}.")
        c = focus_cell(st)
        if c >= 0:
            lines.append(f"About hex {cell_label(st, c)} (dashed outline).")
    scored = int(st["scored"].sum())
    if scored:
        lines.append(f"Tiles scored by Domination this round: {scored}.")
    for i, line in enumerate(lines):
        sk.text(x0, y0 + 20 + i * 17, line, size=8.5, ha="left")


def _ranked_seats(st):
    """Seats by VP, best first; a tie goes to the animal higher in the food chain (DS-END-04)."""
    p = int(st["num_players"])
    return sorted(range(p), key=lambda s: (-int(st["vp"][st["seat_animal"][s]]),
                                           int(st["seat_animal"][s])))
