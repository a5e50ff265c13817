"""training/records/play_records.py, evolution_stats.py and dominant_species_stats.py: bot matches as
records, and the per-player statistics the notebooks plot."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species.actions import BLOCKS as DS_BLOCKS
from speciesgym.envs.dominant_species.data import ANIMAL_NAMES
from speciesgym.envs.evolution.actions import BLOCKS as EVO_BLOCKS
from speciesgym.envs.evolution.state import Phase
from speciesgym.training.analysis.dominant_species_stats import dominant_species_stats, seat_animals
from speciesgym.training.analysis.evolution_stats import SOURCES, evolution_stats, feeding_source
from speciesgym.training.records.play_records import group_mean, play_records, replay_pairs, win_shares
from speciesgym.training.records.record import replay_record

EVO_SPECS = ["heuristic:hunter", "random"]


@pytest.fixture(scope="module")
def evo_records():
    return play_records("evolution", 2, EVO_SPECS, 4, seed=3, flight=False) + \
        play_records("evolution", 3, EVO_SPECS + ["heuristic:grazer"], 2, seed=5)


def test_play_records_rotates_seats_and_replays_to_the_same_scores(evo_records):
    two = evo_records[:4]
    assert [r["agents"] for r in two] == [EVO_SPECS, EVO_SPECS[::-1]] * 2
    assert [r["seed"] for r in two] == [3, 4, 5, 6]
    for r in evo_records:
        engine, state = replay_record(r)                # raises if the scores differ
        assert engine.to_move(state) < 0 and sum(win_shares(r)) == pytest.approx(1)
    with pytest.raises(ValueError, match="3 agent specs for 2 players"):
        play_records("evolution", 2, ["random"] * 3, 1)


def test_replay_pairs_give_each_position_before_and_after():
    record = play_records("evolution", 2, ["random", "random"], 1, seed=1, flight=False)[0]
    pairs = 0
    for engine, before, step, after in replay_pairs(record):
        assert engine.to_move(before) == step["mover"]
        assert engine.legal_mask(before)[step["action"]]
        assert after[0]["decisions"] == before[0]["decisions"] + 1
        pairs += 1
    assert pairs == len(record["actions"])


def test_feeding_source_credits_the_feeding_action_in_progress():
    feeding, play = int(Phase.FEEDING), int(Phase.PLAY)
    assert feeding_source("FEED_WH", 0, feeding, "attack") == "watering hole"
    assert feeding_source("FEED_CLIFF", 2, feeding, "automatic") == "Cliff"
    assert feeding_source("ATTACK", 1, feeding, "watering hole") == "attack"
    assert feeding_source("TARGET", 3, feeding, "attack") == "attack"     # the prey chosen
    assert feeding_source("ORDER", 0, feeding, "watering hole") == "watering hole"
    assert feeding_source("SOURCE", 1, feeding, "watering hole") == "Cliff"
    assert feeding_source("SOURCE", 3, feeding, "attack") == "bank"
    assert feeding_source("CARD", 0, play, "attack") == "automatic"      # a new round
    assert feeding_source("TRAIT", 0, play, "watering hole") == "automatic"


def test_evolution_stats_add_up(evo_records):
    for record in evo_records:
        rows = evolution_stats(record)
        final = replay_record(record)[1][0]
        assert [r["score"] for r in rows] == record["scores"]
        assert sum(r["win"] for r in rows) == pytest.approx(1)
        for seat, row in enumerate(rows):
            eaten = sum(row["food"].values())
            assert set(row["food"]) == set(SOURCES)
            assert eaten >= final["bag"][seat] > 0           # the bag holds food eaten
            assert row["species"] == final["n_species"][seat] == row["avian"] + row["land"]
            mine = [EVO_BLOCKS.decode(a["action"])[0] for a in record["actions"]
                    if a["mover"] == seat]
            assert row["attacks"] == mine.count("ATTACK") + mine.count("DIVE")
            assert sum(row["feeding"].values()) <= len(mine)
            assert row["carnivores"] <= row["species"]
        if not record["options"].get("flight", True):
            assert all(r["food"]["Cliff"] == 0 and r["avian"] == 0 for r in rows)


def test_the_hunter_eats_by_attacking_and_the_grazer_does_not(evo_records):
    rows = [row for r in evo_records for row in evolution_stats(r)]
    attack = group_mean(rows, lambda r: r["entrant"], lambda r: r["food"]["attack"])
    assert attack["heuristic:hunter"][0] > 0
    assert attack["heuristic:grazer"][0] == attack["random"][0] == 0 or \
        attack["heuristic:hunter"][0] > max(attack["heuristic:grazer"][0], attack["random"][0])
    extinct = sum(r["extinctions"] for r in rows)
    assert extinct > 0                                       # random players lose species


def test_group_mean_counts_a_row_in_each_of_its_groups():
    rows = [{"t": ["a", "b"], "v": 1}, {"t": ["a"], "v": 3}, {"t": [], "v": 9}]
    assert group_mean(rows, lambda r: r["t"], lambda r: r["v"]) == {"a": (2.0, 2),
                                                                     "b": (1.0, 1)}


def test_dominant_species_stats_follow_the_record():
    record = play_records("dominant_species", 2, ["random", "random"], 1, seed=2)[0]
    seats, timeline = dominant_species_stats(record)
    final = replay_record(record)[1][0]
    assert [s["score"] for s in seats] == record["scores"]
    assert [s["animal"] for s in seats] == [ANIMAL_NAMES[a] for a in final["seat_animal"][:2]]
    assert seat_animals(record) == [s["animal"] for s in seats]
    for seat, row in enumerate(seats):
        mine = [DS_BLOCKS.decode(a["action"])[0] for a in record["actions"]
                if a["mover"] == seat]
        assert sum(row["spaces"].values()) == mine.count("place") > 0
        assert len(row["cards"]) == mine.count("card")
        animal = final["seat_animal"][seat]
        assert row["tiles"] == (final["cubes"][:, animal] > 0).sum() >= row["dominated"]
        last = [t for t in timeline if t["seat"] == seat][-1]
        assert (last["tiles"], last["dominated"]) == (row["tiles"], row["dominated"])
    rounds = [t["round"] for t in timeline]
    assert rounds == sorted(rounds) and rounds[0] == 1 and len(set(rounds)) >= 3
    assert all(t["tiles"] >= t["dominated"] >= 0 for t in timeline)


def test_a_record_of_the_other_game_is_refused():
    record = play_records("dominant_species", 2, ["random", "random"], 1, seed=2)[0]
    with pytest.raises(ValueError, match="evolution_stats: a dominant_species record"):
        evolution_stats(record)
    with pytest.raises(ValueError, match="not finished"):
        win_shares(dict(record, finished=False))
    assert np.allclose(win_shares(record).sum(), 1)
