"""`decisions proof`: Spearman of the regret order against the rating order."""
import csv
import json

import numpy as np
import pytest

from speciesgym.training.decisions.proof import proof, ranks, read_ratings, read_regrets, spearman


def test_ranks_share_ties():
    assert ranks([3.0, 1.0, 3.0, 2.0]).tolist() == [3.5, 1.0, 3.5, 2.0]


def test_spearman_known_values():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # one swap of neighbours among 5: 1 - 6 * 2 / (5 * 24) = 0.9
    assert spearman([1, 2, 3, 4, 5], [1, 3, 2, 4, 5]) == pytest.approx(0.9)
    assert np.isnan(spearman([1, 1, 1], [1, 2, 3]))
    with pytest.raises(ValueError, match="same length"):
        spearman([1, 2], [1, 2, 3])


def write_board(folder, agents, players_of):
    """A decision leaderboard folder: agents given as {name: [regret per position]}."""
    folder.mkdir()
    with open(folder / "leaderboard.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, ["agent", "regret"])
        w.writeheader()
        for name, regrets in agents.items():
            w.writerow({"agent": name, "regret": float(np.mean(regrets))})
    for k, (name, regrets) in enumerate(agents.items()):
        positions = [{"id": f"p{i}", "players": players_of(i), "regret": r}
                     for i, r in enumerate(regrets)]
        (folder / f"eval-{k}.json").write_text(json.dumps({"agent": name,
                                                           "positions": positions}))


def write_ratings(path, ratings):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, ["entrant", "mu", "sigma", "ordinal"])
        w.writeheader()
        for name, (mu, sigma) in ratings.items():
            w.writerow({"entrant": name, "mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma})


def test_proof_of_known_orders(tmp_path):
    rng = np.random.default_rng(1)
    # four agents, regret 0.01 .. 0.04 on 2-player positions (even ids); on 3-player
    # positions (odd ids) the order is reversed, so only the 2-player slice agrees
    agents = {}
    for k, name in enumerate(["a", "b", "c", "d"]):
        two = 0.01 * (k + 1) + rng.normal(0, 0.001, 50)
        three = 0.2 - 0.05 * k + rng.normal(0, 0.001, 50)
        agents[name] = [x for pair in zip(two, three) for x in pair]
    write_board(tmp_path / "board", agents, lambda i: 2 if i % 2 == 0 else 3)
    write_ratings(tmp_path / "ratings.csv", {"a": (40, 1), "b": (30, 1), "c": (20, 1),
                                             "d": (10, 1), "extra": (0, 1)})
    ratings = read_ratings(tmp_path / "ratings.csv")
    two = proof(read_regrets(tmp_path / "board", players=2), ratings, reps=200)
    assert two["spearman"] == pytest.approx(1.0)
    assert two["low"] == pytest.approx(1.0) and two["positions"] == 50
    assert two["agents"] == 4 and two["left_out"] == ["extra"]
    assert [r["rating_rank"] for r in two["rows"]] == [1, 2, 3, 4]
    three = proof(read_regrets(tmp_path / "board", players=3), ratings, reps=200)
    assert three["spearman"] == pytest.approx(-1.0)
    # overlapping ratings widen the interval below 1
    close = proof(read_regrets(tmp_path / "board", players=2),
                  {"a": (21, 3), "b": (20, 3), "c": (19, 3), "d": (18, 3)}, reps=400)
    assert close["spearman"] == pytest.approx(1.0) and close["low"] < 0.5


def test_bad_input_is_named(tmp_path):
    with pytest.raises(ValueError, match="no leaderboard.csv"):
        read_regrets(tmp_path)
    (tmp_path / "r.csv").write_text("name,score\nx,1\n")
    with pytest.raises(ValueError, match="entrant, mu, sigma"):
        read_ratings(tmp_path / "r.csv")
    with pytest.raises(ValueError, match="only 1 agents"):
        proof({"a": {"p": 0.1}}, {"a": (1, 1), "b": (2, 1)})


def test_cli_proof_writes_json(tmp_path, capsys):
    from speciesgym.training.cli import main
    agents = {name: [0.01 * (k + 1)] * 6 for k, name in enumerate(["a", "b", "c"])}
    write_board(tmp_path / "board", agents, lambda i: 2)
    write_ratings(tmp_path / "ratings.csv", {"a": (30, 2), "b": (20, 2), "c": (25, 2)})
    out = tmp_path / "proof.json"
    assert main(["decisions", "proof", "--board", str(tmp_path / "board"), "--ratings",
                 str(tmp_path / "ratings.csv"), "--reps", "50", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["spearman"] == pytest.approx(0.5)
    assert "Spearman 0.500" in capsys.readouterr().out
    assert main(["decisions", "proof", "--board", str(tmp_path / "board"), "--ratings",
                 str(tmp_path / "ratings.csv"), "--out", str(tmp_path / "no" / "x.json")]) == 2
    assert "decisions proof: cannot write" in capsys.readouterr().err
    assert main(["decisions", "eval", "--suite", "feeding", "--agent", "random",
                 "--players", "7"]) == 2
    assert "--players must be 2..6" in capsys.readouterr().err


def test_pooled_boards_average_over_every_position_and_resample_per_board(tmp_path):
    """Two boards whose orders disagree: a board of 10 positions orders a < b < c by
    regret, a board of 30 the reverse by a smaller margin; pooled, a's mean regret is
    (10 * 0.01 + 30 * 0.05) / 40 and the pooled order follows the larger total. An agent on
    one board only is left out. The bootstrap keeps each board's share: with one position
    per board deciding, every resample keeps both."""
    from speciesgym.training.cli import main
    from speciesgym.training.decisions.proof import pool_boards
    first = {"a": [0.01] * 10, "b": [0.02] * 10, "c": [0.03] * 10, "only": [0.0] * 10}
    second = {"a": [0.05] * 30, "b": [0.045] * 30, "c": [0.04] * 30}
    write_board(tmp_path / "one", first, lambda i: 2)
    write_board(tmp_path / "two", second, lambda i: 2)
    regrets, strata = pool_boards([read_regrets(tmp_path / "one"),
                                   read_regrets(tmp_path / "two")])
    assert sorted(regrets) == ["a", "b", "c"]
    assert len(regrets["a"]) == 40 and sorted(set(strata.values())) == [0, 1]
    write_ratings(tmp_path / "ratings.csv", {"a": (10, 0.01), "b": (20, 0.01), "c": (30, 0.01)})
    fig = proof(regrets, read_ratings(tmp_path / "ratings.csv"), reps=100, strata=strata)
    rows = {r["agent"]: r for r in fig["rows"]}
    assert rows["a"]["regret"] == pytest.approx((10 * 0.01 + 30 * 0.05) / 40)
    assert fig["spearman"] == pytest.approx(1.0) and fig["low"] == pytest.approx(1.0)
    assert fig["positions"] == 40
    out = tmp_path / "pooled.json"
    assert main(["decisions", "proof", "--board", str(tmp_path / "one"), "--board",
                 str(tmp_path / "two"), "--ratings", str(tmp_path / "ratings.csv"),
                 "--reps", "50", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["positions"] == 40


def write_games(path, games):
    """A tournament's results.jsonl: games as (entrants, ranks)."""
    path.write_text("".join(json.dumps({"index": i, "entrants": list(e), "ranks": list(r)}) + "\n"
                            for i, (e, r) in enumerate(games)))


def test_proof_against_win_shares_of_the_games(tmp_path, capsys):
    """--games: the order by win share (ties split), the bootstrap resampling games. Three
    agents in round robin: a beats b and c twice each, b beats c in 3 of 4 (one tie), so the
    shares are a 4/4, b (3 + 0.5) / 6, c 0.5 / 6; regrets ordered the same give 1. With
    hybrids of one kind and base the shares go to their inner specs' names."""
    from speciesgym.training.cli import main
    from speciesgym.training.decisions.proof import read_games
    from speciesgym.training.decisions.proof_ratings import board_names
    h = lambda x: f"hybrid:feeding:{x}|heuristic:flyer"
    games = [((h("a"), h("b")), (1, 2)), ((h("c"), h("a")), (2, 1))] * 2 + \
        [((h("b"), h("c")), (1, 2))] * 3 + [((h("c"), h("b")), (1, 1))]
    write_games(tmp_path / "results.jsonl", games)
    shares = read_games(tmp_path / "results.jsonl")
    assert shares.point(["a", "b", "c"]).tolist() == pytest.approx([1.0, 3.5 / 6, 0.5 / 6])
    write_board(tmp_path / "board", {"a": [0.01] * 4, "b": [0.02] * 4, "c": [0.05] * 4},
                lambda i: 2)
    fig = proof(read_regrets(tmp_path / "board"), shares, reps=200)
    assert fig["spearman"] == pytest.approx(1.0) and fig["strength"] == "share"
    assert {r["agent"]: r["games"] for r in fig["rows"]} == {"a": 4, "b": 6, "c": 6}
    # a board ordered against the games
    write_board(tmp_path / "back", {"a": [0.05] * 4, "b": [0.02] * 4, "c": [0.01] * 4},
                lambda i: 2)
    assert proof(read_regrets(tmp_path / "back"), shares, reps=50)["spearman"] == \
        pytest.approx(-1.0)
    assert main(["decisions", "proof", "--board", str(tmp_path / "board"), "--games",
                 str(tmp_path / "results.jsonl"), "--reps", "50"]) == 0
    assert "Spearman 1.000" in capsys.readouterr().out
    # mixed bases: no renaming
    assert board_names([h("a"), "hybrid:feeding:b|random"]) == \
        {h("a"): h("a"), "hybrid:feeding:b|random": "hybrid:feeding:b|random"}


def test_games_bootstrap_narrows_with_more_games(tmp_path):
    """Shares 0.6 / 0.5 / 0.4 between three agents: 30 games leave the order uncertain,
    3000 games settle it (the games are drawn again, not the ratings)."""
    rng = np.random.default_rng(2)
    strength = {"a": 0.6, "b": 0.5, "c": 0.4}

    def games(n):
        out = []
        for _ in range(n):
            x, y = rng.choice(["a", "b", "c"], 2, replace=False)
            p = 0.5 + strength[x] - strength[y]
            out.append(((x, y), (1, 2) if rng.random() < p else (2, 1)))
        return out
    write_board(tmp_path / "board", {"a": [0.01] * 4, "b": [0.02] * 4, "c": [0.03] * 4},
                lambda i: 2)
    from speciesgym.training.decisions.proof import read_games
    lows = {}
    for n in (30, 3000):
        write_games(tmp_path / f"g{n}.jsonl", games(n))
        lows[n] = proof(read_regrets(tmp_path / "board"), read_games(tmp_path / f"g{n}.jsonl"),
                        reps=300)["low"]
    assert lows[30] < 0.5 and lows[3000] == pytest.approx(1.0)


def test_bad_games_file_is_named(tmp_path, capsys):
    from speciesgym.training.cli import main
    from speciesgym.training.decisions.proof import read_games
    (tmp_path / "bad.jsonl").write_text('{"index": 0, "entrants": ["a"]}\n')
    with pytest.raises(ValueError, match="line 1 is not a tournament result"):
        read_games(tmp_path / "bad.jsonl")
    with pytest.raises(ValueError, match="cannot read"):
        read_games(tmp_path / "none.jsonl")
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(ValueError, match="no finished games"):
        read_games(tmp_path / "empty.jsonl")
    write_board(tmp_path / "board", {"a": [0.01], "b": [0.02], "c": [0.03]}, lambda i: 2)
    with pytest.raises(SystemExit):
        main(["decisions", "proof", "--board", str(tmp_path / "board")])
    assert "--ratings" in capsys.readouterr().err
