"""The conservation laws of a Dominant Species position, checked by `checked_step` after
every step it applies: cubes (DS-SET-04), elements, action pawns, tiles and dominance cards
are neither made nor lost by a rule, only moved between their places."""
import numpy as np

from speciesgym.envs.dominant_species import data as D


def _cubes(st, animals):
    kept = D.cubes_for(int(st["num_players"]))
    if (st["cubes"] < 0).any() or (st["hib"] > st["cubes"]).any():
        return "cubes: a negative count or more hibernating than present on a hex"
    if (st["cubes"][st["terrain"] == D.EMPTY] != 0).any():
        return "cubes: on a hex without a tile"
    on_board = st["cubes"].sum(axis=0, dtype=np.int64)
    total = on_board + st["gene"] + st["elim"] + 1
    for a in range(D.N_ANIMALS):
        if a in animals:
            if total[a] != kept or st["gene"][a] < 0 or st["elim"][a] < 0:
                return f"cubes of the {D.ANIMAL_NAMES[a]}: {int(total[a])} in all, not {kept}"
        elif on_board[a]:
            return f"cubes of the {D.ANIMAL_NAMES[a]}, not in play, on the board"
    return None


def _elements(st, animals):
    if (st["bag"] < 0).any() or (st["box"] < 0).any():
        return "elements: a negative count in the bag or a box"
    corner = st["corner"]
    n = (np.bincount(corner[corner >= 0], minlength=6) + st["box"].sum(axis=0, dtype=np.int64)
         + st["bag"] + (st["display"][animals].astype(np.int64) - D.PRINTED[animals]).sum(axis=0))
    for t in range(6):
        if n[t] != D.ELEM_PER_TYPE:
            return f"elements: {int(n[t])} {D.ELEM_NAMES[t]} in all, not {D.ELEM_PER_TYPE}"
    return None


def _pawns(st, animals):
    space = st["space"]
    placed = np.bincount(space[(space >= 0) & (D.FREE_SPACE == 0)], minlength=D.N_ANIMALS)
    for a in animals:
        if (st["ap_supply"][a] < 0 or st["ap_supply"][a] + placed[a] != st["ap_total"][a]
                or st["ap_total"][a] > D.MAX_PAWNS):
            return f"pawns of the {D.ANIMAL_NAMES[a]}: in hand and placed differ from owned"
    return None


def _tiles(st):
    tiles = int((st["terrain"] > 0).sum())
    tiles += sum(D.STACK_SIZE - int(st["stack_next"][s]) + (1 if st["stack_face"][s] else 0)
                 for s in range(D.N_STACKS))
    if tiles != 31:
        return f"tiles: {tiles} on the board and in the stacks, not 31"
    if int((st["terrain"] == D.TUNDRA).sum()) + int(st["tundra_left"]) != D.N_TUNDRA:
        return f"tiles: tundra on the board and left do not add up to {D.N_TUNDRA}"
    return None


def _cards(st):
    held = [int(c) for c in st["deck"][int(st["deck_ptr"]):int(st["deck_len"])]]
    held += [int(c) for c in st["faceup"] if c >= 0]
    pending = {int(st[f]) for f in ("card", "card_pending") if st[f] >= 0}
    held += sorted(pending)
    if len(held) != len(set(held)):
        return "cards: a dominance card in two places (deck, face-up row, in play)"
    return None


def conservation_problem(state):
    """The first broken conservation law of `state` (a record array of shape (1,)) as text,
    or None."""
    st = state[0]
    animals = [int(a) for a in st["seat_animal"][:int(st["num_players"])]]
    return (_cubes(st, animals) or _elements(st, animals) or _pawns(st, animals)
            or _tiles(st) or _cards(st))
