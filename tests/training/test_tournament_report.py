"""training/tournament/report.py on hand-made tournament folders: head-to-head shares, seat
advantage, ratings with intervals, robust reading of results.jsonl, the CSV and PNG files
and the `speciesgym tournament-report` command."""
import csv
import json
import math
import os
import warnings

import numpy as np
import pytest

from speciesgym.training.cli import main
from speciesgym.training.tournament.ratings import rate_records
from speciesgym.training.tournament.report import report, write_report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def result(index, entrants, ranks):
    """A result record: the winners are the seats ranked 1."""
    return {"index": index, "seed": index, "entrants": entrants, "scores": [0] * len(ranks),
            "winners": [r == 1 for r in ranks], "ranks": ranks, "decisions": 10}


TWO_PLAYER = [result(0, ["A", "B"], [1, 2]),
              result(1, ["B", "A"], [1, 2]),
              result(2, ["A", "C"], [1, 2]),
              result(3, ["C", "A"], [1, 1]),        # a shared win: a tie, half each
              result(4, ["B", "C"], [2, 1])]
THREE_PLAYER = [result(0, ["A", "B", "C"], [2, 1, 3]),
                result(1, ["D", "A", "B"], [1, 1, 3])]


def folder(tmp_path, records, agents, players, tail=""):
    out = tmp_path / "t"
    out.mkdir()
    (out / "tournament.json").write_text(json.dumps(
        {"game": "evolution", "players": players, "agents": agents, "games": len(records),
         "seed": 0, "options": {}, "format": "speciesgym-tournament-1"}))
    lines = "".join(json.dumps(r) + "\n" for r in records)
    (out / "results.jsonl").write_text(lines + tail)
    return out


def share(rep, a, b):
    return rep.share[rep.entrants.index(a), rep.entrants.index(b)]


def test_head_to_head_two_players_is_the_win_share_with_ties_halved(tmp_path):
    rep = report(folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2))
    assert share(rep, "A", "B") == 0.5 and share(rep, "B", "A") == 0.5
    assert share(rep, "A", "C") == 0.75 and share(rep, "C", "A") == 0.25
    assert share(rep, "B", "C") == 0.0 and share(rep, "C", "B") == 1.0
    assert rep.together.tolist() == [[0, 2, 2], [2, 0, 1], [2, 1, 0]]
    assert np.isnan(np.diag(rep.share)).all()
    row = next(r for r in rep.head_to_head if (r["entrant"], r["opponent"]) == ("A", "C"))
    assert row["games"] == 2 and row["low"] < 0.75 < row["high"]


def test_head_to_head_multiplayer_counts_finishing_above(tmp_path):
    rep = report(folder(tmp_path, THREE_PLAYER, ["A", "B", "C", "D"], 3))
    assert share(rep, "A", "B") == 0.5          # below B in game 0, above it in game 1
    assert share(rep, "A", "C") == 1.0
    assert share(rep, "A", "D") == 0.5 and share(rep, "D", "A") == 0.5   # shared first place
    assert np.isnan(share(rep, "C", "D")) and rep.together[2, 3] == 0    # never met
    assert share(rep, "B", "A") + share(rep, "A", "B") == 1


def test_seat_advantage(tmp_path):
    rep = report(folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2))
    seat0, seat1 = rep.seats
    assert seat0["games"] == seat1["games"] == 5
    assert seat0["win_share"] == pytest.approx(3.5 / 5)     # a shared win counts half
    assert seat1["win_share"] == pytest.approx(1.5 / 5)
    assert seat0["mean_rank"] == pytest.approx(6 / 5) and seat1["mean_rank"] == pytest.approx(8 / 5)
    assert seat0["low"] < seat0["win_share"] < seat0["high"]
    (tmp_path / "x").mkdir()
    rep3 = report(folder(tmp_path / "x", THREE_PLAYER, ["A", "B", "C", "D"], 3))
    assert [r["win_share"] for r in rep3.seats] == [0.25, 0.75, 0.0]


def test_ratings_are_the_openskill_ones_with_intervals(tmp_path):
    rep = report(folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2))
    live = rate_records(TWO_PLAYER, ["A", "B", "C"]).ratings
    for row in rep.ratings:
        r = live[row["entrant"]]
        assert row["mu"] == r.mu and row["sigma"] == r.sigma
        assert row["low"] == pytest.approx(r.mu - 1.96 * r.sigma, abs=1e-3)
        assert row["high"] == pytest.approx(r.mu + 1.96 * r.sigma, abs=1e-3)
    ordinals = [row["ordinal"] for row in rep.ratings]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {row["entrant"]: row["games"] for row in rep.ratings} == {"A": 4, "B": 3, "C": 3}


def test_a_truncated_last_line_is_skipped_with_a_warning(tmp_path):
    out = folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2, tail='{"index": 5, "se')
    with pytest.warns(RuntimeWarning, match="unfinished last line"):
        rep = report(out)
    assert rep.games == 5 and share(rep, "A", "C") == 0.75
    assert (out / "results.jsonl").read_text().endswith('"se')     # the file is not changed


def test_a_complete_file_gives_no_warning(tmp_path):
    out = folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert report(out).games == 5


@pytest.mark.parametrize("bad, message", [
    ("not json\n", "line 2 is not JSON"),
    ('{"index": 1}\n', "line 2 is not a result record"),
])
def test_a_malformed_line_is_a_clear_error(tmp_path, bad, message):
    out = folder(tmp_path, TWO_PLAYER[:1], ["A", "B", "C"], 2, tail=bad)
    with (out / "results.jsonl").open("a") as f:
        f.write(json.dumps(TWO_PLAYER[1]) + "\n")
    with pytest.raises(ValueError, match=message):
        report(out)


def test_not_a_tournament_folder_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="no such folder"):
        report(tmp_path / "nothing")
    with pytest.raises(ValueError, match="no tournament.json"):
        report(tmp_path)


def test_csv_and_png_files_are_written(tmp_path):
    import matplotlib.image
    out = folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2)
    paths = write_report(out)
    names = sorted(p.rsplit("/", 1)[-1] for p in paths)
    assert names == ["head_to_head.csv", "head_to_head.png", "ratings.csv",
                     "ratings_intervals.png", "seats.csv", "seats.png"]
    with open(out / "head_to_head.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 6                                   # ordered pairs of 3 entrants
    ac = next(r for r in rows if (r["entrant"], r["opponent"]) == ("A", "C"))
    assert float(ac["share"]) == 0.75 and int(ac["games"]) == 2
    with open(out / "seats.csv") as f:
        assert [float(r["win_share"]) for r in csv.DictReader(f)] == [0.7, 0.3]
    with open(out / "ratings.csv") as f:
        assert sorted(r["entrant"] for r in csv.DictReader(f)) == ["A", "B", "C"]
    for name in ("head_to_head.png", "seats.png", "ratings_intervals.png"):
        image = matplotlib.image.imread(out / name)
        assert image.ndim == 3 and min(image.shape[:2]) > 200
        assert image[..., :3].std() > 0.05                  # not a blank canvas


def test_never_met_pairs_have_no_share_in_the_csv(tmp_path):
    out = folder(tmp_path, THREE_PLAYER, ["A", "B", "C", "D"], 3)
    write_report(out)
    with open(out / "head_to_head.csv") as f:
        cd = next(r for r in csv.DictReader(f) if (r["entrant"], r["opponent"]) == ("C", "D"))
    assert cd["games"] == "0" and math.isnan(float(cd["share"]))


def test_the_command_prints_and_writes_the_report(tmp_path, capsys):
    out = folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2)
    assert main(["tournament-report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "head-to-head" in text and "75%" in text and "70.0%" in text
    assert (out / "head_to_head.png").exists() and (out / "ratings_intervals.png").exists()
    assert main(["tournament-report", str(tmp_path / "nothing")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_pictures_and_reports_leave_the_matplotlib_backend_alone(tmp_path):
    """A notebook's inline plots stop showing if drawing switches the backend to Agg: the
    position pictures, the ratings plot and the report draw off-screen without pyplot."""
    import subprocess
    import sys
    out = folder(tmp_path, TWO_PLAYER, ["A", "B", "C"], 2)
    code = f"""
import matplotlib
matplotlib.use("svg")
from speciesgym.envs.evolution import make_engine
engine = make_engine(2)
assert engine.render_image(engine.new_state(0)).ndim == 3
from speciesgym.training.tournament.ratings import plot_ratings, rate_records
from speciesgym.training.tournament.report import write_report
from tests.training.test_tournament_report import TWO_PLAYER
plot_ratings(rate_records(TWO_PLAYER, ["A", "B", "C"]), {str(tmp_path / "r.png")!r})
write_report({str(out)!r})
print(matplotlib.get_backend())
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "svg"
