"""The kind of Dominant Species decision that the decision suites sample and hybrid agents
route: `dominance` is every decision, typed by the decision in progress (state field `sub`,
rules.board.DECISION_NAMES), with Planning called action-pawn placement and the two
Domination decisions told apart (Domination tile, dominance card)."""
from speciesgym.envs.dominant_species.rules.board import DECISION_NAMES, PH_OVER

_RENAME = {"Planning": "action-pawn placement", "Domination": "Domination tile",
           "Domination card": "dominance card"}


def dominance_type(state, mask):
    """The type of a decision (every decision counts; None once the game is over)."""
    st = state[0]
    if int(st["phase"]) == PH_OVER:
        return None
    name = DECISION_NAMES[int(st["sub"])]
    return _RENAME.get(name, name)


KINDS = {"dominance": dominance_type}
