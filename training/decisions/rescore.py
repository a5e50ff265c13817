"""`speciesgym decisions rescore`: a decision leaderboard scored again under another labelling
of the same positions, without running its agents again.

A leaderboard folder (`decisions leaderboard --out`) keeps every agent's choice at every
position (its eval JSONs). Given a relabelling of the suite the board was scored on (A, by
default the source that a `decisions relabel` file names; B the relabelled file), each stored
choice is scored under B's values and best actions (evaluate.position_row) and the folder's
files are written again under `out`: the eval JSONs, leaderboard.csv, .txt and .png, and
rescore.json (what was rescored against what, and B's budget, e.g. its playout), so
`decisions proof` reads the result as any board.

Refused, with the first difference named: A and B not labellings of the same positions (id,
scenario, mover, legal actions in order; agree.check_same_positions), a board position A
does not hold, or a stored choice that is not legal there or a stored best action that is
not A's (the board was scored on another suite). An unfinished relabelling is rescored on
the positions it holds (its first ones), and rescore.json says how many.
"""
import json
import pathlib

from speciesgym.training.decisions.agree import check_same_positions
from speciesgym.training.decisions.scoring import position_row, result_of
from speciesgym.training.decisions.leaderboard import eval_path, read_board, write_tables
from speciesgym.training.decisions.suite import read_suite_file

COMMAND = "decisions rescore"


def _read(path, label):
    try:
        return read_suite_file(path)
    except ValueError as exc:
        raise ValueError(f"{COMMAND}: {label}: {exc}") from None


def rescored_rows(data, old, new, source):
    """The rows of one agent's eval dict `data` scored under `new` ({id: record}); `old`
    ({id: record}) is the suite the rows were scored on, named `source` in errors."""
    rows = []
    for row in data["positions"]:
        pid = str(row["id"])
        if pid not in old:
            raise ValueError(f"{COMMAND}: {data['agent']}'s position {pid} is not in {source}")
        if pid not in new:
            continue                        # not labelled yet by an unfinished relabelling
        chosen = int(row["chosen"])
        if chosen not in old[pid]["legal"] or row["best"] != old[pid]["best"]:
            raise ValueError(f"{COMMAND}: {data['agent']}'s choice {chosen} (best {row['best']}) "
                             f"at position {pid} does not fit {source} (legal "
                             f"{old[pid]['legal']}, best {old[pid]['best']}): the board was "
                             f"scored on another suite")
        rows.append(position_row(new[pid], chosen, row.get("seconds", 0.0), pid))
    return rows


def rescore(board, suite, out, scored_on=None, seed=0, allow_stale=False):
    """Write board `board` rescored under suite file `suite` into folder `out` (scored_on:
    the suite file the board was scored on; default the source `suite` was relabelled
    from); the EvalResults. `suite` labelled under other rules is refused unless
    allow_stale (then every result is marked stale)."""
    from speciesgym.training.decisions.versions import check_rules, identity
    new = _read(suite, "--suite")
    try:
        info = identity(new, suite, check_rules(new, suite, allow_stale))
    except ValueError as exc:
        raise ValueError(f"{COMMAND}: {exc}") from None
    source = scored_on or (new.get("relabel") or {}).get("source")
    if source is None:
        raise ValueError(f"{COMMAND}: {suite} does not name the suite it relabels; give "
                         f"--scored-on (the suite the board was scored on)")
    old = _read(source, "--scored-on")
    _, held = check_same_positions(old, new, COMMAND)
    if pathlib.Path(out).resolve() == pathlib.Path(board).resolve():
        raise ValueError(f"{COMMAND}: --out is the board itself; write elsewhere")
    agents = read_board(board, COMMAND)
    by_id = [{str(p["id"]): p for p in ps} for ps in (old["positions"], held)]
    results = [result_of(info, agent, rescored_rows(data, *by_id, source), seed)
               for agent, data in agents.items()]
    out = pathlib.Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{COMMAND}: cannot create {out}: {exc.strerror}") from None
    for res in results:
        res.write_json(eval_path(out, res.agent))
    write_tables(results, out)
    note = {"board": str(board), "suite": str(suite), "suite_info": info,
            "scored_on": str(source),
            "positions": len(held), "complete": len(held) == len(old["positions"]),
            "budget": new.get("budget"), "seed": new.get("seed"),
            "clear_rule": new.get("clear_rule")}
    (out / "rescore.json").write_text(json.dumps(note, indent=1))
    return results
