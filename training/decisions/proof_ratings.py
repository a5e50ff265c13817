"""What `decisions proof` sets the regret order against: a tournament's strength per agent,
with the bootstrap draw that goes with it.

  OpenSkillRatings  ratings.csv (entrant, mu, sigma): the order by mu; a bootstrap draw takes
                    each rating from a normal with its mu and sigma. openskill's sigma does not
                    shrink much past a few hundred games (its dynamics term keeps it near 1.5),
                    so with many games this overstates how uncertain the order is.
  GameShares        results.jsonl (one line per game): the order by win share (1 for a sole
                    winner, ties split); a bootstrap draw resamples the games. With seats
                    rotating and every entrant in every block of games (the tournament's
                    schedule), the shares of one tournament are comparable.

A tournament of hybrids sharing one kind and base (`hybrid:<kind>:<spec>|<base>`, every
entrant) is read under the names of their inner specs, the names on the decision boards.
"""
import csv
import json

import numpy as np


def board_names(entrants):
    """{entrant: the name a decision board knows it by}: a hybrid's inner spec when every
    entrant is a hybrid of the same kind with the same base, else the entrant itself."""
    from speciesgym.agents.hybrid import parse
    parts = {}
    for e in entrants:
        if not e.startswith("hybrid:"):
            return {e: e for e in entrants}
        try:
            parts[e] = parse(e, e[len("hybrid:"):])
        except ValueError:
            return {e: e for e in entrants}
    if len({(kind, base) for kind, _, base in parts.values()}) != 1:
        return {e: e for e in entrants}
    return {e: inner for e, (_, inner, _) in parts.items()}


class OpenSkillRatings:
    columns = ("mu", "sigma")

    def __init__(self, table):
        self.table = dict(table)        # {name: (mu, sigma)}

    @classmethod
    def read(cls, path):
        try:
            with open(path, newline="") as fh:
                rows = list(csv.DictReader(fh))
        except OSError as exc:
            raise ValueError(f"decisions proof: cannot read {path}: {exc.strerror}") from None
        if not rows or not {"entrant", "mu", "sigma"} <= set(rows[0]):
            raise ValueError(f"decisions proof: {path} needs the columns entrant, mu, sigma")
        names = board_names([r["entrant"] for r in rows])
        return cls({names[r["entrant"]]: (float(r["mu"]), float(r["sigma"])) for r in rows})

    def names(self):
        return set(self.table)

    def point(self, agents):
        return np.array([self.table[a][0] for a in agents])

    def draw(self, agents, rng):
        return rng.normal(self.point(agents), np.array([self.table[a][1] for a in agents]))

    def row(self, agent):
        mu, sigma = self.table[agent]
        return {"mu": float(mu), "sigma": float(sigma)}


class GameShares:
    columns = ("share", "games")

    def __init__(self, records):
        records = list(records)
        if not records:
            raise ValueError("decisions proof: the tournament has no finished games")
        names = board_names(sorted({e for r in records for e in r["entrants"]}))
        self.agents = sorted(set(names.values()))
        index = {a: i for i, a in enumerate(self.agents)}
        self.won = np.zeros((len(records), len(self.agents)))
        self.sat = np.zeros((len(records), len(self.agents)))
        for g, r in enumerate(records):
            firsts = sum(1 for k in r["ranks"] if k == 1)
            for e, rank in zip(r["entrants"], r["ranks"]):
                self.won[g, index[names[e]]] += 1.0 / firsts if rank == 1 else 0.0
                self.sat[g, index[names[e]]] += 1

    @classmethod
    def read(cls, path):
        records = []
        try:
            with open(path) as fh:
                for n, line in enumerate(fh, 1):
                    if line.strip():
                        try:
                            rec = json.loads(line)
                            records.append({"entrants": list(rec["entrants"]),
                                            "ranks": [int(k) for k in rec["ranks"]]})
                        except (ValueError, KeyError, TypeError):
                            raise ValueError(f"decisions proof: {path} line {n} is not a "
                                             f"tournament result (entrants, ranks)") from None
        except OSError as exc:
            raise ValueError(f"decisions proof: cannot read {path}: {exc.strerror}") from None
        return cls(records)

    def names(self):
        return set(self.agents)

    def _shares(self, agents, games):
        cols = [self.agents.index(a) for a in agents]
        return self.won[games][:, cols].sum(axis=0) / self.sat[games][:, cols].sum(axis=0)

    def point(self, agents):
        return self._shares(agents, slice(None))

    def draw(self, agents, rng):
        """The shares over the games drawn again (drawn anew while some agent has no game
        in the draw, which only tiny tournaments see)."""
        cols = [self.agents.index(a) for a in agents]
        for _ in range(1000):
            games = rng.integers(0, len(self.won), len(self.won))
            if self.sat[games][:, cols].sum(axis=0).all():
                return self._shares(agents, games)
        raise ValueError("decisions proof: too few games to resample (some agent is in "
                         "almost none)")

    def row(self, agent):
        i = self.agents.index(agent)
        return {"share": float(self.won[:, i].sum() / self.sat[:, i].sum()),
                "games": int(self.sat[:, i].sum())}
