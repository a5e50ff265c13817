"""The kinds of decision of both games, by name: which game each belongs to, and the type of
a position for a kind (envs.evolution.decision_kinds, envs.dominant_species.decision_kinds).
The decision suites sample positions of one kind; a hybrid agent routes one kind to its
inner agent. A game's module is imported only when one of its kinds is typed."""

GAMES = {"feeding": "evolution", "evolve": "evolution", "dominance": "dominant_species"}


def check_kind(kind):
    """`kind` itself; ValueError naming the known kinds otherwise."""
    if kind not in GAMES:
        raise ValueError(f"decision kinds: unknown kind of decisions {kind!r}; known: "
                         f"{', '.join(GAMES)}")
    return kind


def typer(kind):
    """The function (state, mask) -> type name, or None when a position is not of `kind`."""
    if GAMES[check_kind(kind)] == "evolution":
        from speciesgym.envs.evolution.decision_kinds import KINDS
    else:
        from speciesgym.envs.dominant_species.decision_kinds import KINDS
    return KINDS[kind]


def decision_type(kind, state, mask):
    """The type of a position for kind `kind` ("feeding", "evolve", "dominance"), or None
    if it is not a decision of that kind."""
    return typer(kind)(state, mask)
