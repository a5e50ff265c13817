"""The Evolution position as a picture (render_mode="rgb_array", `speciesgym show`): a fixed
1280x800 figure with one row per player (species boards, hand, food bag, food card, score),
the table (watering hole, Cliff, piles, boards left) and a legend.

Who sees what (envs.core.picture): the spectator's view (viewer=None) shows hand sizes,
not hands, and face-down traits and food cards as card backs; a seat's view adds that
seat's own hand, food card, face-down traits and pending decision; reveal=True shows
everything, hidden cards drawn as hatched backs with their faces written on. The picture is
drawn only from what the chosen view may see, so two positions a viewer cannot tell apart
give identical pixels.
"""
import numpy as np

from speciesgym.envs.core.picture import check_viewer, new_figure
from speciesgym.envs.evolution.picture_species import draw_species
from speciesgym.envs.evolution.picture_style import (ATTACK, FAINT, FIRST, HEIGHT, PAPER, PASSED,
                                          TO_MOVE, WIDTH, Sheet, box, card_back, card_label, text)
from speciesgym.envs.evolution.picture_table import draw_legend, draw_table
from speciesgym.envs.evolution.rules.round import final_scores, winners
from speciesgym.envs.evolution.state import MAX_PLAYERS, Pend, Phase

MARGIN = 8
TOP_H = 52                    # title bar
SIDE_W = 250                  # table and legend column
HEAD_W = 214                  # each player's header box
SPECIES_MAX_W = 150
ROW_MAX_H = 200
LINE_H = 12.2              # hand list line height at 7 pt, linespacing 1.25
_PHASE_TEXT = {Phase.DEAL: "deal", Phase.SELECT_FOOD: "choose food cards",
               Phase.PLAY: "play cards", Phase.EVENTS: "events", Phase.PRE_REVEAL:
               "before the reveal", Phase.FEEDING: "feeding", Phase.CLEANUP: "end of round",
               Phase.OVER: "game over"}
_PEND_TEXT = {Pend.USE_CARD: "placing a card", Pend.AVIAN_PAY: "paying for an avian",
              Pend.NEST_SOURCE: "Nesting: food source", Pend.ORDER: "ordering triggers",
              Pend.TARGET: "choosing prey", Pend.NEGATE_PAY: "discarding to negate",
              Pend.HORNS: "Horns: negate or not", Pend.INTEL_PAY: "Intelligence: discard",
              Pend.DIVE_SPECIES: "Dive-Bomb: species", Pend.DIVE_SOURCE:
              "Dive-Bomb: food source", Pend.BROOD_FOOD: "Brood Parasite: plant or meat"}


def sees_secrets(viewer, reveal, seat):
    """Whether the picture shows seat's secrets (hand, food card, face-down traits):
    only to that seat itself, or to everyone with reveal=True."""
    return reveal or viewer == seat


def _scores(st):
    scores = np.zeros(MAX_PLAYERS, np.int64)
    traits = np.zeros(MAX_PLAYERS, np.int64)
    final_scores(st, scores, traits)
    n = int(st["n_players"])
    return scores[:n], traits[:n]


def _title_bar(sheet, st, viewer, reveal, scores, traits):
    box(sheet, 0, 0, WIDTH, TOP_H, "#2f3e46", edge="none")
    title = "Evolution + Flight" if st["flight"] else "Evolution"
    text(sheet, MARGIN + 4, 18, title, size=15, color="white", weight="bold")
    phase = Phase(int(st["phase"]))
    turn = int(st["turn"])
    parts = [f"round {int(st['round']) + 1}", _PHASE_TEXT[phase]]
    if phase == Phase.OVER:
        best = np.flatnonzero(winners(scores, traits))
        parts.append("winner" + ("s " if best.size > 1 else " ")
                     + ", ".join(f"player_{int(p)}" for p in best)
                     + f" with {int(scores[best[0]])}")
    elif turn >= 0:
        parts.append(f"to move: player_{turn}")
        if st["pend"] != Pend.NONE and sees_secrets(viewer, reveal, turn):
            parts.append(_PEND_TEXT[Pend(int(st["pend"]))])
    text(sheet, MARGIN + 4, 39, "   \u00b7   ".join(parts), size=10.5, color="white")
    view = ("everything revealed (hidden cards hatched)" if reveal else
            "spectator's view" if viewer is None else f"view of player_{viewer}")
    text(sheet, WIDTH - MARGIN - 4, 26, view, size=10, color="#ffd58a", ha="right",
         weight="bold")


def _hand(sheet, st, p, x, y, w, h, visible):
    """Hand contents (two columns of names) or as many card backs as cards."""
    cards = [c for c in np.flatnonzero(st["hand"][p]) for _ in range(int(st["hand"][p, c]))]
    if visible:
        rows = max(int(h // LINE_H), 1)
        names = [card_label(c) for c in cards]
        if len(names) > 2 * rows:
            names = names[:2 * rows - 1] + [f"+{len(cards) - 2 * rows + 1} more"]
        rows = min(rows, (len(names) + 1) // 2)
        for col in range(2):
            column = names[col * rows:(col + 1) * rows]
            if column:
                text(sheet, x + col * (w / 2), y, "\n".join(column), size=7, va="top",
                     linespacing=1.25)
        return
    per_row = int(w // 13)
    for i in range(min(len(cards), 2 * per_row)):
        row, col = divmod(i, per_row)
        card_back(sheet, x + col * 13, y + row * 20, 11, 17)


def _header(sheet, st, p, x, y, w, h, viewer, reveal, score):
    phase = int(st["phase"])
    moving = int(st["turn"]) == p and phase != Phase.OVER
    passed = phase == Phase.FEEDING and st["passed"][p]
    box(sheet, x, y, w, h, PASSED if passed else "white", edge=TO_MOVE if moving else "#999999",
        lw=2.4 if moving else 0.8, round_px=4)
    text(sheet, x + 8, y + 12, f"player_{p}", size=10.5, weight="bold")
    if viewer == p:
        text(sheet, x + 84, y + 13, "(you)", size=8.5, weight="bold")
    right = x + w - 8
    if int(st["first"]) == p:
        text(sheet, right, y + 11, "\u2605", size=12, color=FIRST, ha="right")
        right -= 18
    if moving:
        text(sheet, right, y + 12, "\u25b6 to move", size=8, color=TO_MOVE, ha="right",
             weight="bold")
    text(sheet, x + 8, y + 29, f"score {score}     bag {int(st['bag'][p])}     "
         f"hand {int(st['hand'][p].sum())}", size=8.5)
    visible = sees_secrets(viewer, reveal, p)
    fc = int(st["food_card"][p])
    if fc >= 0 and visible:
        text(sheet, x + 8, y + 45, f"food card: {card_label(fc)}", size=7.5)
    elif fc >= 0:
        text(sheet, x + 8, y + 45, "food card", size=7.5)
        card_back(sheet, x + 60, y + 38, 10, 14)
        text(sheet, x + 75, y + 45, "placed face down", size=7.5, color=FAINT)
    elif passed:
        text(sheet, x + 8, y + 45, "passed", size=7.5, color=FAINT)
    _hand(sheet, st, p, x + 8, y + 54, w - 14, h - 58, visible)


def _marked(st, viewer, reveal):
    """Species outlined in red: the attacker and (once chosen) its prey, for the viewer
    deciding the attack, or with reveal=True (as in the observation's context)."""
    turn = int(st["turn"])
    if st["phase"] != Phase.FEEDING or st["atk_sp"] < 0 or not sees_secrets(viewer, reveal,
                                                                              turn):
        return set()
    marks = {(turn, int(st["atk_sp"]))}
    if st["pend"] in (Pend.NEGATE_PAY, Pend.HORNS):
        marks.add((int(st["tgt_seat"]), int(st["tgt_sp"])))
    return marks


def draw(state, viewer=None, reveal=False):
    """The position state[0] as a WIDTH x HEIGHT Figure (module docstring: who sees what)."""
    st = state[0]
    n = int(st["n_players"])
    viewer = check_viewer(viewer, n)
    reveal = bool(reveal)
    fig = new_figure(WIDTH, HEIGHT)
    sheet = Sheet(fig)
    fig.patch.set_facecolor(PAPER)
    scores, traits = _scores(st)
    _title_bar(sheet, st, viewer, reveal, scores, traits)
    side_x = WIDTH - MARGIN - SIDE_W
    bottom = draw_table(sheet, st, side_x, TOP_H + MARGIN, SIDE_W)
    draw_legend(sheet, side_x, bottom + MARGIN, SIDE_W, HEIGHT - MARGIN - bottom - MARGIN)
    rows_right = side_x - MARGIN
    row_h = min(ROW_MAX_H, (HEIGHT - TOP_H - 2 * MARGIN) / n)
    sp_x = MARGIN + HEAD_W + 6
    most = max(int(st["n_species"][:n].max()), 1)
    sp_w = min(SPECIES_MAX_W, (rows_right - sp_x - 4 * (most - 1)) / most)
    marks = _marked(st, viewer, reveal)
    for p in range(n):
        y = TOP_H + MARGIN + p * row_h
        _header(sheet, st, p, MARGIN, y, HEAD_W, row_h - 6, viewer, reveal, int(scores[p]))
        show_face = sees_secrets(viewer, reveal, p)
        for s in range(int(st["n_species"][p])):
            draw_species(sheet, st, p, s, sp_x + s * (sp_w + 4), y, sp_w, row_h - 6, show_face,
                         outline=ATTACK if (p, s) in marks else None)
    return fig
