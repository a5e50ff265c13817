"""`speciesgym decisions info SUITE`: what a suite file says about itself, read from the file
(so docs quote these figures, not numbers typed by hand): name, version, rules and file
hashes and whether it is stale, the labelling budget, positions and clear positions per
table size, the clear rule with the smallest clear z, and with two labellings per position
the noise floor (crossfit.floor); the movers' shares of seats and the decision types."""
import numpy as np

from speciesgym.training.decisions.crossfit import floor, two_labellings
from speciesgym.training.decisions.suite import read_suite_file, suite_path
from speciesgym.training.decisions.versions import check_rules, describe, identity


def suite_info(name_or_path):
    """The facts of a suite file as a JSON-ready dict."""
    path = suite_path(name_or_path)
    data = read_suite_file(path)
    positions = data["positions"]
    by_players = {}
    for p in positions:
        n, c = by_players.get(str(p["players"]), (0, 0))
        by_players[str(p["players"])] = (n + 1, c + bool(p["clear"]))
    floors = [floor(p) for p in positions if two_labellings(p)]
    types = {}
    for p in positions:
        types[p["type"]] = types.get(p["type"], 0) + 1
    return {"suite": identity(data, path, check_rules(data, path, allow_stale=True)),
            "path": str(path), "game": data["game"], "budget": data.get("budget"),
            "positions": len(positions), "clear": sum(bool(p["clear"]) for p in positions),
            "by_players": {k: {"positions": n, "clear": c} for k, (n, c) in by_players.items()},
            "clear_rule": data.get("clear_rule"),
            "labellings": 2 if floors and len(floors) == len(positions) else 1,
            "noise_floor": round(float(np.mean(floors)), 4) if floors else None,
            "games": len({p.get("game") or p.get("game_seed") or p.get("id")
                          for p in positions}),
            "mix": data.get("mix"), "weights": data.get("weights"),
            "types": dict(sorted(types.items(), key=lambda kv: (-kv[1], kv[0])))}


def report(info):
    rule = info["clear_rule"] or {}
    lines = [describe(info["suite"]), f"  file {info['path']}",
             f"  {info['game']}, budget {info['budget']}",
             f"  {info['positions']} positions from {info['games']} games, {info['clear']} "
             f"clear (rule: false discovery rate {rule.get('fdr')}, never z <= "
             f"{rule.get('min_z')}; smallest clear z {rule.get('z')})"]
    lines += [f"  {k} players: {v['positions']} positions, {v['clear']} clear"
              for k, v in info["by_players"].items()]
    floor_text = (f"noise floor {info['noise_floor']:.4f}" if info["noise_floor"] is not None
                  else "noise floor not measured (one labelling per position)")
    lines.append(f"  {info['labellings']} labelling(s) per position; {floor_text}")
    if info["mix"]:
        shares = info["weights"] or [1 / len(info["mix"])] * len(info["mix"])
        lines.append("  movers (share of seats): " + ", ".join(
            f"{m} {w / sum(shares):.2f}" for m, w in zip(info["mix"], shares)))
    lines.append("  types: " + ", ".join(f"{k} {v}" for k, v in info["types"].items()))
    return lines
