"""The side parts of a Dominant Species picture: the animals table (initiative, VP, pawns,
gene pool, eliminated cubes, element display), the dominance cards and deck, the terrain
stacks, tundra and bag, and the legend.

Hidden at the table (DS-SET-07, DS-SET-09): the order of the dominance deck and which
face-down terrain tile lies where in the stacks. Only `reveal=True` draws them, in red and
marked "hidden"; otherwise only their counts appear.
"""
import textwrap

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules.board import PH_OVER
from speciesgym.envs.dominant_species.picture_style import (ANIMAL_COLORS, GREY, HIDDEN, INK,
                                                 TERRAIN_COLORS, TERRAIN_SHORT)

CARD_W, CARD_H = 88, 44
COL_SEAT, COL_VP, COL_PAWNS, COL_GENE, COL_ELIM, COL_EARTH, COL_DISPLAY = (
    124, 212, 252, 340, 410, 486, 550)
TABLE_COLS = (("animal", 22), ("seat", COL_SEAT), ("VP", COL_VP), ("pawns in hand", COL_PAWNS),
              ("gene pool", COL_GENE), ("eliminated", COL_ELIM), ("on earth", COL_EARTH),
              ("element display", COL_DISPLAY))


def draw_animals(sk, st, x0, y0, viewer):
    """One row per animal in play, in initiative order (DS-PLAN-01); returns the bottom y."""
    p = int(st["num_players"])
    sk.text(x0, y0, "Animals in initiative order (first plans first); "
            "food chain: M > R > B > A > K > I", size=9, weight="bold", ha="left")
    head = y0 + 18
    for name, dx in TABLE_COLS:
        sk.text(x0 + dx, head, name, size=7.5, color=GREY, ha="left")
    actor = int(st["actor"]) if st["phase"] != PH_OVER else -1
    for i in range(p):
        a = int(st["init_order"][i])
        seat = int(st["animal_seat"][a])
        y = head + 20 + i * 27
        if a == actor:
            sk.rect(x0 - 4, y - 12, 880, 24, "#fff3c4", "none", 0, z=0.5)
        sk.text(x0 + 2, y, f"{i + 1}.", size=9, ha="left", weight="bold")
        sk.chip(x0 + 31, y, 16, 16, a, D.ANIMAL_LETTERS[a], size=7)
        sk.text(x0 + 44, y, D.ANIMAL_NAMES[a], size=9, ha="left",
                weight="bold" if a == actor else "normal")
        who = f"player_{seat}" + (" (you)" if viewer == seat else "")
        sk.text(x0 + COL_SEAT, y, who, size=8, ha="left")
        sk.text(x0 + COL_VP, y, str(int(st["vp"][a])), size=10, ha="left", weight="bold")
        pawns = f"{int(st['ap_supply'][a])} of {int(st['ap_total'][a])}"
        sk.text(x0 + COL_PAWNS, y, pawns, size=8.5, ha="left")
        sk.text(x0 + COL_GENE, y, str(int(st["gene"][a])), size=8.5, ha="left")
        sk.text(x0 + COL_ELIM, y, str(int(st["elim"][a])), size=8.5, ha="left")
        sk.text(x0 + COL_EARTH, y, str(int(st["cubes"][:, a].sum())), size=8.5, ha="left")
        j = 0
        for t in range(D.N_ELEM):
            for n in range(int(st["display"][a, t])):
                sk.elem(x0 + COL_DISPLAY + 8 + j * 20, y, t, r=8.5)
                if n < D.PRINTED[a, t]:          # printed elements: a dot below
                    sk.disc(x0 + COL_DISPLAY + 8 + j * 20, y + 10.5, 1.6, INK, lw=0, z=3)
                j += 1
        if a == actor:
            sk.text(x0 + COL_DISPLAY + 140, y, "\u25c0 decides now", size=8.5, ha="left",
                    weight="bold")
    return head + 20 + p * 27


def draw_cards(sk, st, x0, y0, reveal):
    """Face-up dominance cards, the deck's size and (reveal) its hidden order."""
    sk.text(x0, y0, "Dominance cards (face up)", size=9, weight="bold", ha="left")
    y = y0 + 12
    for i in range(D.N_FACEUP):
        card = int(st["faceup"][i])
        x = x0 + i * (CARD_W + 5)
        if card < 0:
            sk.rect(x, y, CARD_W, CARD_H, "none", "#aaaaaa", 0.8, dashed=True)
            continue
        taken = card == st["card"] or card == st["card_pending"]
        sk.rect(x, y, CARD_W, CARD_H, "#fbf4e2", HIDDEN if taken else "#8a7a55",
                2.0 if taken else 0.9)
        lines = textwrap.wrap(D.CARD_NAMES[card], 9, break_long_words=False)
        sk.text(x + CARD_W / 2, y + CARD_H / 2, "\n".join(lines), weight="bold",
                size=7.5 if max(map(len, lines)) <= 11 else 6.8, linespacing=1.1)
    y += CARD_H + 14
    left = int(st["deck_len"]) - int(st["deck_ptr"])
    sk.text(x0, y, deck_words(st), size=8.5, ha="left")
    if reveal and left > 0:
        order = ", ".join(D.CARD_NAMES[int(c)] for c in st["deck"][st["deck_ptr"]:st["deck_len"]])
        lines = textwrap.wrap("hidden, top first: " + order, 80)
        for j, line in enumerate(lines):
            sk.text(x0, y + 13 + j * 11, line, size=7, ha="left", color=HIDDEN)
        y += 11 * len(lines)
    return y + 12


def ice_age_in_deck(st):
    """Whether Ice Age is still in the deck, from what every player knows (DS-SET-09: it lies
    at the bottom, so it is there until it shows up face up, is taken or has been played)."""
    ice = D.C_ICE_AGE
    return not (st["ice_age"] or ice in st["faceup"].tolist()
                or int(st["card"]) == ice or int(st["card_pending"]) == ice)


def deck_words(st):
    """The deck line: its size, and where Ice Age is while the deck still holds it."""
    left = int(st["deck_len"]) - int(st["deck_ptr"])
    if left == 0:
        return "Deck: empty"
    if not ice_age_in_deck(st):
        return f"Deck: {left} card{'s' if left != 1 else ''} face down"
    if left == 1:
        return "Deck: 1 card face down, Ice Age"
    return f"Deck: {left} cards face down, Ice Age at the bottom"


def draw_supply(sk, st, x0, y0, reveal):
    """The three terrain stacks (Wanderlust, DS-SET-07), tundra tiles left and the bag."""
    sk.text(x0, y0, "Terrain stacks (Wanderlust)", size=9, weight="bold", ha="left")
    y = y0 + 34
    for s in range(D.N_STACKS):
        x = x0 + 24 + s * 160
        face = int(st["stack_face"][s])
        down = D.STACK_SIZE - int(st["stack_next"][s])
        if face:
            sk.hexagon(x, y, 20, TERRAIN_COLORS[face], "#555555", 1.0, z=2)
        else:
            sk.hexagon(x, y, 20, "none", "#aaaaaa", 0.8, z=2, dashed=True)
        sk.text(x + 26, y - 12, f"stack {s + 1}", size=8, ha="left", weight="bold")
        sk.text(x + 26, y, f"up: {TERRAIN_SHORT[face] if face else 'none'}", size=7.5,
                ha="left")
        sk.text(x + 26, y + 12, f"{down} face down", size=7.5, ha="left")
        if reveal:
            for j in range(down):
                t = int(st["stack_tiles"][s, int(st["stack_next"][s]) + j])
                sk.rect(x - 18 + j * 13, y + 24, 11, 11, TERRAIN_COLORS[t], HIDDEN, 0.9)
            if down:
                sk.text(x - 18, y + 44, "hidden, top first", size=6.5, ha="left", color=HIDDEN)
    y += 62 if reveal else 36
    sk.hexagon(x0 + 12, y, 11, TERRAIN_COLORS[D.TUNDRA], "#555555", 0.8, z=2, hatch="...")
    sk.text(x0 + 28, y, f"tundra tiles left: {int(st['tundra_left'])}", size=8.5, ha="left")
    sk.text(x0 + 190, y, "bag:", size=8.5, ha="left")
    for t in range(D.N_ELEM):
        sk.elem(x0 + 232 + t * 40, y, t, r=8.5)
        sk.text(x0 + 244 + t * 40, y, str(int(st["bag"][t])), size=8, ha="left")
    return y + 14


def draw_legend(sk, x0, y0):
    """Colours and marks used in the picture."""
    sk.text(x0, y0, "Legend", size=9, weight="bold", ha="left")
    y = y0 + 20
    for i, t in enumerate(range(D.SEA, D.TUNDRA + 1)):
        x = x0 + i * 84
        sk.hexagon(x + 9, y, 9, TERRAIN_COLORS[t], "#555555", 0.8, z=2,
                   hatch="..." if t == D.TUNDRA else None)
        sk.text(x + 22, y, D.TERRAIN_NAMES[t], size=7.5, ha="left")
    y += 26
    for t in range(D.N_ELEM):
        x = x0 + t * 84
        sk.elem(x + 9, y, t, r=9)
        sk.text(x + 22, y, D.ELEM_NAMES[t], size=7.5, ha="left")
    y += 26
    for a in range(D.N_ANIMALS):
        x = x0 + a * 84
        sk.chip(x + 11, y, 22, 15, a, f"{D.ANIMAL_LETTERS[a]}3", size=6.5)
        sk.text(x + 26, y, D.ANIMAL_NAMES[a], size=7.5, ha="left")
    y += 26
    sk.triangle(x0 + 9, y, 7, ANIMAL_COLORS[0])
    sk.hexagon(x0 + 30, y, 9, "none", ANIMAL_COLORS[0], 2.5, z=2)
    sk.text(x0 + 44, y, "dominant animal: cone, coloured outline and boxed cubes (M3 = 3 "
            "mammal cubes)", size=7.5, ha="left")
    y += 20
    sk.hexagon(x0 + 9, y, 9, "none", INK, 1.5, z=2, dashed=True)
    sk.text(x0 + 24, y, "hex of the decision in progress", size=7.5, ha="left")
    sk.rect(x0 + 230, y - 8, 16, 16, "none", HIDDEN, 2.0)
    sk.text(x0 + 252, y, "space / card being resolved", size=7.5, ha="left")
    sk.rect(x0 + 430, y - 8, 16, 16, "white", ANIMAL_COLORS[4], 1.8, dashed=True)
    sk.text(x0 + 452, y, "free animal space", size=7.5, ha="left")
    y += 20
    sk.elem(x0 + 9, y, D.GRUB, r=8.5)
    sk.disc(x0 + 9, y + 10.5, 1.6, INK, lw=0, z=3)
    sk.text(x0 + 24, y, "printed element on an animal's display", size=7.5, ha="left")
    sk.text(x0 + 250, y, "red text: hidden at the table (shown only with reveal)", size=7.5,
            ha="left", color=HIDDEN)
