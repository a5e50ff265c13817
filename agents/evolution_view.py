"""Reading an Evolution observation vector back into named numbers (for heuristic bots).

Only the observation is read (envs.evolution.observe LAYOUT/OFFSETS): seat 0 is the viewer,
species are (relative seat, slot), own face-down traits are visible to their owner only.
"""
import numpy as np

from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, N_CLASSES, N_KINDS, N_TRAIT_KINDS
from speciesgym.envs.evolution.observe import OFFSETS, SPECIES_FEATURES
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, Pend, Phase

P, S = MAX_PLAYERS, MAX_SPECIES


class EvolutionView:
    """Named views into one observation vector (all counts as integers)."""

    def __init__(self, obs):
        obs = np.asarray(obs, np.float32)
        self.obs = obs
        self.phase = Phase(int(np.argmax(obs[OFFSETS["phase"]:OFFSETS["phase"] + len(Phase)])))
        pend = obs[OFFSETS["pend"]:OFFSETS["pend"] + len(Pend)]
        self.pend = Pend(int(np.argmax(pend))) if pend.any() else Pend.NONE
        t = obs[OFFSETS["table"]:OFFSETS["table"] + 10]
        self.round = int(round(t[0] * 20))
        self.last_round = bool(t[1] > 0.5)
        self.wh = int(round(t[2] * 20))
        self.cliff = int(round(t[3] * 20))
        self.deck_n = int(round(t[4] * 177))
        self.reserve_n = int(round(t[5] * 40))
        self.land_left = int(round(t[6] * 24))
        self.avian_left = int(round(t[7] * 12))
        self.flight = bool(t[8] > 0.5)
        self.trait_limit = int(round(t[9] * 3))
        pl = obs[OFFSETS["players"]:OFFSETS["players"] + P * 6].reshape(P, 6)
        self.present = pl[:, 0] > 0.5
        self.n_players = int(self.present.sum())
        self.hand_size = np.rint(pl[:, 1] * 20).astype(int)
        self.bag = np.rint(pl[:, 2] * 50).astype(int)
        self.passed = pl[:, 3] > 0.5
        self.n_species = np.rint(pl[:, 5] * 12).astype(int)
        sp = obs[OFFSETS["species"]:OFFSETS["species"] + P * S * SPECIES_FEATURES]
        sp = sp.reshape(P, S, SPECIES_FEATURES)
        self.exists = sp[:, :, 0] > 0.5
        self.body = np.rint(sp[:, :, 1] * 6).astype(int)
        self.pop = np.rint(sp[:, :, 2] * 6).astype(int)
        self.food = np.rint(sp[:, :, 3] * 6).astype(int)
        self.upkeep = np.rint(sp[:, :, 4] * 3).astype(int)
        self.fat = np.rint(sp[:, :, 5] * 6).astype(int)
        self.avian = sp[:, :, 6] > 0.5
        self.hidden = np.rint(sp[:, :, 7] * 3).astype(int)
        # traits[rel, s, kind]: visible to the viewer (own face-down ones included)
        self.traits = (sp[:, :, 8:8 + N_TRAIT_KINDS] + sp[:, :, 8 + N_TRAIT_KINDS:]) > 0.5
        self.hand = np.rint(obs[OFFSETS["hand"]:OFFSETS["hand"] + N_CLASSES] * 4).astype(int)
        sel = obs[OFFSETS["selected"]:OFFSETS["selected"] + N_KINDS + 1]
        self.selected_kind = int(np.argmax(sel[:-1])) if sel[:-1].any() else -1
        self.selected_food = int(round(sel[-1] * 10))
        atk = obs[OFFSETS["attacker"]:OFFSETS["attacker"] + S]
        self.attacker = int(np.argmax(atk)) if atk.any() else -1
        pending = obs[OFFSETS["pending"]:OFFSETS["pending"] + 3]
        self.nest_left = int(round(pending[1] * 3))
        self.nest_species = int(round(pending[2] * 12)) - 1

    def has(self, rel, s, kind):
        return bool(self.traits[rel, s, int(kind)])

    def trait_count(self, rel, s):
        return int(self.traits[rel, s].sum()) + (self.hidden[rel, s] if rel else 0)

    def hunger(self, rel, s):
        """Food the species still needs on its population and (avian, FLT-AVIAN-03) upkeep
        spaces; a land species' upkeep is always 0."""
        return self.pop_hunger(rel, s) + self.upkeep_due(rel, s)

    def pop_hunger(self, rel, s):
        """Population spaces still empty: what starvation counts (FLT-AVIAN-05)."""
        return max(0, int(self.pop[rel, s] - self.food[rel, s]))

    def upkeep_due(self, rel, s):
        """FLT-AVIAN-03: upkeep an avian must still eat before its population eats."""
        return max(0, int(self.body[rel, s] - self.upkeep[rel, s])) if self.avian[rel, s] else 0

    def hand_classes(self):
        return [c for c in range(N_CLASSES) if self.hand[c] > 0]


def class_kind(c):
    return int(CLASS_KIND[c])


def class_food(c):
    return int(CLASS_FOOD[c])
