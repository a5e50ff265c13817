"""Actions as the table sees them (the counterpart of envs.evolution.public_names).

Dominant Species has no hidden choice: pawns are placed face up, elements, tiles and cubes lie
on the open board, and the dominance cards a player may take are the face-up ones (DS-DOMN-03).
Only the order of the dominance deck and of the face-down terrain tiles under each stack's top
tile are hidden (envs.dominant_species.observe), and no action names them: a card or tile is
named only once it is face up. So every seat sees an action under its ordinary name.
"""
from speciesgym.envs.dominant_species.names import action_name


def public_action_name(state, action, viewer):
    """Name of `action` (about to be applied to `state`) as `viewer` sees it: the ordinary
    name, since nothing a Dominant Species action names is hidden from any seat."""
    return action_name(state, int(action))
