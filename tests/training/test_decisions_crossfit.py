"""Two labellings per position (training/decisions/crossfit.py, intervals.py): the best
action chosen on one and its lead tested on the other; the noise floor of a suite; regret
intervals that resample labellings as well as positions, with games as clusters."""
import numpy as np
import pytest

from speciesgym.agents.search.label import Labels
from speciesgym.training.decisions import evaluate, load_suite
from speciesgym.training.decisions.crossfit import cross_fields, floor, regrets
from speciesgym.training.decisions.intervals import cluster_ci
from speciesgym.training.decisions.leaderboard import run_leaderboard
from speciesgym.training.decisions.suite import read_suite_file, write_suite
from tests.training.decision_suites import Highest, Lowest, toy_suite


def labels(rows):
    return Labels(np.array([3, 5, 9]), np.array(rows, float), 0)


def test_the_lead_is_tested_on_the_other_labelling():
    """A's best (action 3) leads by luck in A; under B it trails: the cross-fitted z is 0
    though A's own z is large; when B agrees, z is B's paired lead of A's best."""
    a = labels([[1, 1, 1, 1], [0, 0, 0, 1], [0, 0, 0, 0]])
    b_against = labels([[0, 0, 1, 0], [1, 1, 1, 0], [0, 0, 0, 0]])
    rec = cross_fields(a, b_against, 4)
    assert rec["best"] == 3 and rec["best_b"] == 5 and rec["z_a"] > 2
    assert rec["z"] == 0.0 and not rec["clear"]
    b_for = labels([[1, 1, 1, 0], [0, 0, 0, 0], [0, 1, 0, 0]])
    d = np.array([1, 0, 1, 0])                # 3 against 9, the best other under B
    z = d.mean() / (d.std(ddof=1) / 2)
    assert cross_fields(a, b_for, 4)["z"] == pytest.approx(z, abs=1e-3)
    with pytest.raises(ValueError, match="different legal actions"):
        cross_fields(a, Labels(np.array([3, 5, 8]), a.samples, 0), 4)


def test_regret_under_each_labelling_and_the_noise_floor():
    rec = {"legal": [3, 5, 9], "values": [0.6, 0.5, 0.1], "values_b": [0.4, 0.7, 0.2],
           "best": 3, "best_b": 5}
    assert regrets(rec, 9) == pytest.approx((0.5, 0.5))
    assert regrets(rec, 3) == pytest.approx((0.0, 0.3))
    assert floor(rec) == pytest.approx(0.5 * (0.3 + 0.1))     # A's best under B, B's under A
    assert floor({"legal": [3], "values": [0.5]}) is None


def test_regret_is_measured_from_the_labellings_own_best_after_halving():
    """After successive halving action 9 was dropped early with a noisy high mean (0.8 under
    A, 0.9 under B) above the finalists': regret and the noise floor are measured from each
    labelling's best (3 under A, 5 under B), so the oracle of the two finalists is not
    charged with that noise, and the dropped action's regret is below 0."""
    rec = {"legal": [3, 5, 9], "values": [0.6, 0.5, 0.8], "values_b": [0.4, 0.7, 0.9],
           "best": 3, "best_b": 5}
    assert regrets(rec, 3) == pytest.approx((0.0, 0.3))
    assert regrets(rec, 9) == pytest.approx((-0.2, -0.2))
    assert floor(rec) == pytest.approx(0.5 * (0.3 + 0.1))       # labelled uniformly


def test_after_halving_the_floor_scores_only_a_best_that_ran_to_the_end():
    """B ran A's best (3) to the end; A dropped B's best (5) early for a low mean (0.1): the
    floor of a halving record is A's best under B alone, not charged with A's race."""
    rec = {"legal": [3, 5, 9], "values": [0.6, 0.1, 0.4], "values_b": [0.5, 0.7, 0.2],
           "best": 3, "best_b": 5, "start": 16}
    assert regrets(rec, 5) == pytest.approx((0.5, 0.0))
    assert floor(rec) == pytest.approx(0.2)
    assert floor(dict(rec, start=0)) == pytest.approx(0.5 * (0.2 + 0.5))


def test_intervals_resample_labellings_and_whole_games():
    """Every position scored the same in each labelling: no width from positions; labellings
    that differ give width. Positions of one game move together: two games of 50 positions
    each give a wider interval than 100 games of one."""
    same = cluster_ci([0.1] * 40, range(40), [0.1] * 40)
    assert same[1] == same[2] == pytest.approx(0.1)
    differ = cluster_ci([0.0] * 40, range(40), [0.2] * 40)
    assert differ[0] == pytest.approx(0.1) and differ[1] < 0.09 < 0.11 < differ[2]
    x = [0.0] * 50 + [1.0] * 50
    by_position = cluster_ci(x, range(100))
    by_game = cluster_ci(x, [0] * 50 + [1] * 50)
    assert by_game[2] - by_game[1] > 2 * (by_position[2] - by_position[1])


def two_labelled(tmp_path):
    """The toy suite with a second labelling that agrees on the two first positions and
    calls the highest action best on the others; two positions per game."""
    data = read_suite_file(toy_suite(tmp_path))
    for i, p in enumerate(data["positions"]):
        b = list(p["values"]) if i < 2 else [0.2] * (len(p["legal"]) - 1) + [0.6]
        p.update(values_b=b, se_b=p["se"], best_b=p["legal"][int(np.argmax(b))],
                 game=f"g{i // 2}")
    write_suite(data, tmp_path / "two.json.gz")
    return tmp_path / "two.json.gz", data["positions"]


def test_eval_and_leaderboard_print_the_noise_floor(tmp_path, capsys):
    path, positions = two_labelled(tmp_path)
    result = evaluate(load_suite(path), Lowest())
    expected = np.mean([floor(p) for p in positions])
    assert result.overall["floor"][0] == pytest.approx(expected, abs=1e-4)
    assert result.overall["labellings"] == 2 and result.overall["games"] == 2
    assert result.rows[3]["regret"] == pytest.approx(0.5 * (0.25 + 0.4))
    assert result.report()[-1].startswith(f"noise floor {expected:.4f}")
    rows = run_leaderboard(str(path), [Lowest(), Highest()], tmp_path / "board")
    text = (tmp_path / "board" / "leaderboard.txt").read_text()
    assert f"noise floor {expected:.4f}" in text and "floor / spread" in text
    assert rows[0]["floor"] == pytest.approx(expected, abs=1e-4)
    one = evaluate(load_suite(toy_suite(tmp_path)), Lowest())
    assert one.overall["floor"] is None and "not measured" in one.report()[-1]


def test_the_floor_is_measured_against_the_spread_to_random():
    """The floor's share is of the spread from the best agent to random when random is on
    the board (the suites' aim), else from the best to the worst."""
    from speciesgym.training.decisions.leaderboard import floor_words, spread
    rows = [dict(agent=a, regret=r, floor=0.002, floor_lo=0.001, floor_hi=0.003, n_clear=3,
                 n=9, games=5) for a, r in (("search:8", 0.010), ("worse", 0.030),
                                            ("random", 0.018))]
    assert spread(rows) == (pytest.approx(0.008), "best-to-random")
    assert "best-to-random spread 0.0080, floor / spread 0.25" in floor_words(rows)
    assert spread(rows[:2]) == (pytest.approx(0.020), "best-to-worst")
    assert spread([dict(rows[0], regret="0.0180"), dict(rows[2], regret="0.0180")])[0] == 0
    assert "no spread" in floor_words([rows[2], dict(rows[0], regret=0.018)])


def test_proof_resamples_labellings_and_games_and_names_separated_neighbours():
    """Four agents whose regrets rise with their index and ratings fall: Spearman and
    Kendall 1. A second labelling that reverses two agents widens the interval; so do games
    of 20 positions each instead of independent positions; without random 3 agents remain;
    neighbours far apart are separated, the reversed pair not."""
    from speciesgym.training.decisions.proof import proof
    rng = np.random.default_rng(0)
    agents = ["a", "b", "c", "random"]
    base = {"a": 0.01, "b": 0.02, "c": 0.03, "random": 0.2}
    regrets = {g: {str(i): base[g] + 0.01 * rng.random() for i in range(60)} for g in agents}
    ratings = {"a": (40.0, 0.01), "b": (30.0, 0.01), "c": (20.0, 0.01), "random": (10.0, 0.01)}
    plain = proof(regrets, ratings, reps=300)
    assert plain["spearman"] == pytest.approx(1.0) and plain["kendall"] == pytest.approx(1.0)
    assert plain["without_random"]["agents"] == 3
    assert [n["share"] for n in plain["neighbours"]] == [1.0, 1.0, 1.0]
    swapped = {g: {i: (r, regrets[{"a": "b", "b": "a"}.get(g, g)][i]) for i, r in rs.items()}
               for g, rs in regrets.items()}
    mixed = {g: {i: 0.5 * sum(p) for i, p in rs.items()} for g, rs in swapped.items()}
    two = proof(mixed, ratings, reps=300, labellings=swapped)
    assert two["two_labellings"] == 60 and two["low"] < plain["low"]
    assert two["neighbours"][0]["share"] < 0.95 and two["neighbours"][-1]["share"] == 1.0
    noisy = {g: {str(i): base[g] + (0.05 if (i // 20) % 3 == k % 3 else 0.0)
                 for i in range(60)} for k, g in enumerate(agents)}
    alone = proof(noisy, ratings, reps=300)
    games = proof(noisy, ratings, reps=300, clusters={str(i): i // 20 for i in range(60)})
    assert games["games"] == 3 and alone["games"] == 60
    assert games["low"] < alone["low"]


def test_pair_makes_one_suite_of_two_labellings(tmp_path, capsys):
    """A suite and its relabelling as one: A's values and best stay, B's beside them, the
    lead tested on B in unpaired errors; B labelled under other rules or holding other
    positions is refused; B without a rules hash is stamped, and C says so."""
    from speciesgym.training.cli import main
    from tests.training.test_decisions_labels import rising
    from speciesgym.training.decisions.versions import rules_hash
    a = toy_suite(tmp_path)
    b = rising(a, tmp_path / "b.json.gz", {"rules_hash": rules_hash("evolution")})
    out = tmp_path / "c.json.gz"
    assert main(["decisions", "pair", str(a), str(b), "--out", str(out)]) == 0
    assert "4 positions labelled twice, 1 clear" in capsys.readouterr().out
    c = read_suite_file(out)
    pa, pb = read_suite_file(a)["positions"], read_suite_file(b)["positions"]
    for x, y, p in zip(pa, pb, c["positions"]):
        assert (p["values"], p["best"], p["values_b"], p["best_b"]) == \
            (x["values"], x["best"], y["values"], y["best"])
    # A's best trails under B on the three positions where A calls the lowest action best;
    # on the fourth both call the highest best
    assert [p["clear"] for p in c["positions"]] == [False, False, False, True]
    assert [p["z"] for p in c["positions"][:3]] == [0.0] * 3
    assert c["labellings"] == 2 and not c["clear_rule"]["paired"] and "rules_stamp" not in c
    from speciesgym.training.decisions.pair import pair
    same = read_suite_file(a)
    write_suite(dict(same, relabel={"source": str(a)}), tmp_path / "same.json.gz")
    twin = pair(a, tmp_path / "same.json.gz", tmp_path / "t.json.gz")
    clear = [p["clear"] for p in twin["positions"]]
    assert clear[:3] == [True] * 3 and twin["positions"][0]["z"] == pytest.approx(
        0.5 / np.hypot(0.01, 0.01), abs=0.01)
    assert evaluate(load_suite(tmp_path / "t.json.gz"), Lowest()).overall["floor"][0] == 0.0
    write_suite(dict(same, rules_hash="0" * 16), tmp_path / "old.json.gz")
    with pytest.raises(ValueError, match="B was labelled under other rules"):
        pair(a, tmp_path / "old.json.gz", tmp_path / "x.json.gz")
    unstamped = {k: v for k, v in same.items() if k != "rules_hash"}
    write_suite(unstamped, tmp_path / "none.json.gz")
    assert "rules_stamp" in pair(a, tmp_path / "none.json.gz", tmp_path / "y.json.gz")
    write_suite(dict(same, positions=same["positions"][1:]), tmp_path / "short.json.gz")
    with pytest.raises(ValueError, match="decisions pair: A has 4 positions, B 3"):
        pair(a, tmp_path / "short.json.gz", tmp_path / "z.json.gz")


def test_relabel_of_a_two_labelling_suite_labels_twice_again(tmp_path):
    from tests.training.decision_suites import tiny_relabel
    path, positions = two_labelled(tmp_path)
    data = tiny_relabel(path, tmp_path / "again.json.gz", sims=3)
    for old, new in zip(positions, data["positions"]):
        assert new["labellings"] == 2 and new["sims"] == 3
        assert len(new["values_b"]) == len(new["legal"]) and new["values_b"] != old["values_b"]
        assert new["best"] in new["legal"] and new["best_b"] in new["legal"]
    one = tiny_relabel(toy_suite(tmp_path), tmp_path / "one.json.gz", sims=3)
    assert not any("values_b" in p for p in one["positions"])


def test_after_halving_the_best_and_its_rival_are_among_those_run_furthest():
    """Action 9 was dropped after two simulations with a high mean; the best (A) and the
    rival its lead is tested against (B) are those run to the end, and z reads the four
    simulations they share."""
    nan = np.nan
    a = labels([[1, 1, 0, 1], [1, 0, 0, 1], [1, 1, nan, nan]])
    assert list(a.counts) == [4, 4, 2] and a.values[2] > a.values[0]
    b = labels([[1, 1, 0, 1], [0, 1, 0, 0], [1, 1, nan, nan]])
    rec = cross_fields(a, b, 4)
    assert rec["best"] == 3 and rec["best_b"] == 3
    d = np.array([1, 0, 0, 1])
    assert rec["z"] == pytest.approx(d.mean() / (d.std(ddof=1) / 2), abs=1e-3)
