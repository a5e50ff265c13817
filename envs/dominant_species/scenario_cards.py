"""The dominance cards of a scenario (DS-SET-09): the deck, listed top first (so Ice Age, at the
bottom, is its last card), the face-up row, the card in play (a "card" start's card, or the
card a decision belongs to) and "ice_age" (Ice Age played).

What a position may say, since the deck is dealt from the top and Ice Age lies at its bottom:
- every card is in at most one of these places, and the card in play is in neither the deck
  nor the face-up row (it was taken from the row);
- Ice Age is in exactly one place: the bottom of the deck, the face-up row, in play, or
  played ("ice_age": true);
- once Ice Age has left the deck the deck is empty (every card above it was drawn first).
Cards in none of these places were taken earlier in the game.

An omitted "deck" is the standard deck: every card not face up and not in play, shuffled by
a numpy generator seeded with the scenario's generator word (the game's own generator is not
advanced), Ice Age at the bottom; it is empty once Ice Age has left the deck. When "faceup" is
omitted as well, the top cards of that deck are dealt face up as at setup, five less one per
card in play (its slot stays empty until Reset). A given deck is taken as it is: with
"faceup" omitted, the face-up row is then empty.
"""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.core.fields import json_list
from speciesgym.envs.dominant_species.scenario_fields import CARD_LOWER, name_index

ICE = D.C_ICE_AGE


def read_cards(data):
    """(deck or None when omitted, face-up row with -1 for gaps) from a scenario dict, card
    names checked."""
    deck = None
    if "deck" in data:
        deck = [name_index(x, CARD_LOWER, f"deck[{i}]")
                for i, x in enumerate(json_list(data["deck"], "deck"))]
    faceup = json_list(data.get("faceup", []), "faceup")
    if len(faceup) > D.N_FACEUP:
        raise ValueError(f"faceup: {len(faceup)} slots, the row has {D.N_FACEUP}")
    face = [-1 if x is None else name_index(x, CARD_LOWER, f"faceup[{i}]") for i, x in enumerate(faceup)]
    cards = (deck or []) + [c for c in face if c >= 0]
    twice = sorted({D.CARD_NAMES[c] for c in cards if cards.count(c) > 1})
    if twice:
        raise ValueError(f"deck/faceup: a card appears twice ({', '.join(twice)})")
    return deck, face


def place_cards(st, data, deck, face):
    """Check the cards against the card in play and Ice Age, fill an omitted deck (and row),
    and write them into record `st` (after the start or decision is set)."""
    in_play = _in_play(st)
    played = bool(st["ice_age"])
    for card, field in in_play.items():
        _check_in_play(card, field, deck or [], face)
    if deck is None:
        deck = _standard_deck(st, face, in_play, played)
        if "faceup" not in data:
            k = max(0, D.N_FACEUP - len(in_play))
            face, deck = deck[:k], deck[k:]
    _check_ice_age(deck, face, in_play, played)
    st["deck"][:] = -1
    st["deck_len"] = D.N_CARDS
    st["deck_ptr"] = D.N_CARDS - len(deck)
    st["deck"][D.N_CARDS - len(deck):] = deck
    st["faceup"][:] = -1
    st["faceup"][:len(face)] = face


def _in_play(st):
    """card -> the scenario field that put it in play (a card start, or a decision's card)."""
    out = {}
    if int(st["card_pending"]) >= 0:
        out[int(st["card_pending"])] = "start.card"
    if int(st["card"]) >= 0:
        out[int(st["card"])] = "decision.card"
    return out


def _check_in_play(card, field, deck, face):
    what = D.CARD_NAMES[card]
    if card in deck:
        raise ValueError(f"{field}: {what} is still in the deck; a card in play was taken from "
                         "the face-up row and resolves once")
    if card in face:
        raise ValueError(f"{field}: {what} is still in the face-up row; a card in play has "
                         "left it and resolves once")


def _standard_deck(st, face, in_play, played):
    """The cards not face up and not in play, shuffled, Ice Age at the bottom; empty once Ice
    Age has left the deck."""
    out = set(face) | set(in_play)
    if played or ICE in out:
        return []
    rest = np.array([c for c in range(D.N_CARDS) if c != ICE and c not in out], np.int64)
    np.random.default_rng([int(st["rng"]), 1]).shuffle(rest)
    return rest.tolist() + [ICE]


def _check_ice_age(deck, face, in_play, played):
    """DS-SET-09: Ice Age is in one place, the deck's last card while in the deck, and the
    deck is empty once it has left."""
    places = [where for where, here in (("the deck", ICE in deck),
                                        ("the face-up row", ICE in face),
                                        (f"play ({in_play.get(ICE)})", ICE in in_play)) if here]
    if played and places:
        raise ValueError(f"ice_age: true (Ice Age played), but Ice Age is still in "
                         f"{places[0]} (DS-SET-09)")
    if ICE in deck and deck[-1] != ICE:
        raise ValueError(f"deck: Ice Age is card {deck.index(ICE) + 1} of {len(deck)}; the deck "
                         "is listed top first and Ice Age lies at the bottom, so it must be the "
                         "last card (DS-SET-09)")
    if not places and not played:
        raise ValueError("deck: Ice Age is missing: not in the deck, the face-up row or play, and "
                         "ice_age is false; it starts at the bottom of the deck (DS-SET-09)")
    if ICE not in deck and deck:
        gone = "played" if played else f"in {places[0]}"
        raise ValueError(f"deck: {len(deck)} card(s) left, but Ice Age, the bottom card, is "
                         f"already {gone}; the deck empties before Ice Age leaves it (DS-SET-09)")
