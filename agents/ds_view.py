"""Reading a Dominant Species observation vector back into named arrays (for heuristic bots),
plus public derived quantities (matching, dominance, tile ranking) computed from it and the
static map tables. Only the observation is read (envs.dominant_species.observe LAYOUT)."""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.observe import LAYOUT

OFFSETS = {}
_o = 0
for _name, _n in LAYOUT:
    OFFSETS[_name] = (_o, _n)
    _o += _n

_CORNERS = D.CELL_CORNERS.astype(np.int64)            # (35, 6)


def _piece(obs, name):
    o, n = OFFSETS[name]
    return obs[o:o + n]


def _onehot(x):
    return int(np.argmax(x)) if x.any() else -1


class DSView:
    """Named views into one observation vector; animals by food-chain index."""

    def __init__(self, obs):
        obs = np.asarray(obs, np.float32)
        self.me = _onehot(_piece(obs, "me"))
        self.in_play = _piece(obs, "in_play") > 0.5
        self.decision = _onehot(_piece(obs, "decision"))
        self.space_now = _onehot(_piece(obs, "space_now"))
        self.terrain = np.argmax(_piece(obs, "terrain").reshape(D.N_CELLS, 9), 1)
        self.cubes = np.rint(_piece(obs, "cubes").reshape(D.N_CELLS, 6) * 5).astype(int)
        self.scored = _piece(obs, "scored") > 0.5
        self.flags = np.rint(_piece(obs, "flags")).astype(int)
        corner = _piece(obs, "corner").reshape(D.N_CORNERS, 6)
        self.corner = np.where(corner.any(1), np.argmax(corner, 1), -1)
        self.display = np.rint(_piece(obs, "display").reshape(6, 6) * 6).astype(int)
        self.gene = np.rint(_piece(obs, "gene") * 55).astype(int)
        self.vp = np.rint(_piece(obs, "vp") * 100).astype(int)
        pawns = _piece(obs, "pawns")
        self.pawns = np.rint(pawns[:6] * 10).astype(int)
        self.spaces = _piece(obs, "spaces").reshape(D.N_SPACES, 6) > 0.5
        self.box = np.rint(_piece(obs, "boxes").reshape(6, 6) * 4).astype(int)
        stacks = _piece(obs, "stacks").reshape(D.N_STACKS, 10)
        self.stack_face = np.argmax(stacks[:, :9], 1)
        faceup = _piece(obs, "faceup").reshape(D.N_FACEUP, D.N_CARDS)
        self.faceup = np.where(faceup.any(1), np.argmax(faceup, 1), -1)
        self.tundra_left = int(round(_piece(obs, "tundra_left")[0] * 11))
        ctx = _piece(obs, "context")
        o = 0
        self.ctx_cell = _onehot(ctx[o:o + D.N_CELLS]); o += D.N_CELLS
        self.ctx_corner = _onehot(ctx[o:o + D.N_CORNERS]); o += D.N_CORNERS
        self.ctx_elem = _onehot(ctx[o:o + 6]); o += 6 + 2 + 16
        self.card = _onehot(ctx[o:o + D.N_CARDS])
        # derived: corner elements per tile and type, matching of every animal on every tile
        elems = np.zeros((D.N_CELLS, 6), int)
        for j in range(6):
            e = self.corner[_CORNERS[:, j]]
            np.add.at(elems, (np.arange(D.N_CELLS)[e >= 0], e[e >= 0]), 1)
        self.tile_elems = elems                                    # (cell, type)
        self.match = elems @ self.display.T                        # (cell, animal)
        self.is_tile = self.terrain > 0
        self.opponents = [a for a in range(6) if self.in_play[a] and a != self.me]

    def dominant(self, c):
        best, who, tie = 0, -1, False
        for a in range(6):
            if self.cubes[c, a] > 0:
                m = self.match[c, a]
                if m > best:
                    best, who, tie = m, a, False
                elif m == best and m > 0:
                    tie = True
        return -1 if tie else who

    def tile_vp(self, c, cubes=None):
        """VP per animal if tile c were scored now (rank by cubes, food-chain tie-break)."""
        cubes = self.cubes[c] if cubes is None else cubes
        out = np.zeros(6, int)
        order = sorted((a for a in range(6) if cubes[a] > 0), key=lambda a: (-cubes[a], a))
        table = D.TERRAIN_VP[self.terrain[c]]
        for rank, a in enumerate(order[:4]):
            out[a] = table[rank]
        return out

    def usefulness(self, t, a=None):
        """How much one more element of type t on a's display would raise its matching on
        tiles where it has cubes (weighted by cubes)."""
        a = self.me if a is None else a
        return float((self.tile_elems[:, t] * np.minimum(self.cubes[:, a], 4)).sum())

    def leader(self):
        """The opponent with the most VP."""
        return max(self.opponents, key=lambda a: self.vp[a]) if self.opponents else -1
