"""`speciesgym play --human`: the person sees only what their seat sees; bad seats, the end of
the input, forced choices, numbering, --agents and --save."""
import io
import json
import re

import numpy as np
import pytest

import speciesgym.training.cli.play as human_mod
from speciesgym.envs.dominant_species import data as DSD
from speciesgym.envs.evolution.data import CLASS_KIND, KIND_NAMES, class_name
from speciesgym.envs.evolution.public_names import public_action_name
from speciesgym.envs.evolution.state import Pend
from speciesgym.training.cli import main
from speciesgym.training.records.record import load_record, replay_record

SCRIPT = "".join(f"{n}\n" for n in [1, 2, 3, 1, 4, 2, 1, 5] * 1000)


def play(capsys, monkeypatch, *args, stdin=SCRIPT):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["play", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def record_steps(monkeypatch):
    """Interleave the printed lines with a copy of the state before each action."""
    events = []
    real_step = human_mod.checked_step

    def step(engine, state, action):
        events.append(("state", state.copy()))
        real_step(engine, state, action)
        events.append(("state", state.copy()))

    def out(text=""):
        events.extend(("line", line) for line in str(text).splitlines())

    monkeypatch.setattr(human_mod, "checked_step", step)
    return events, out


def segments(events):
    """(lines, [state before, state after]) per action: the lines printed before the action
    (the person's prompt, the action's own line); then the closing lines with the last
    state."""
    out, lines, around = [], [], []
    for kind, value in events:
        if len(around) == 2:
            out.append((lines, around))
            lines, around = [], []
        (lines if kind == "line" else around).append(value)
    out.append((lines, around or out[-1][1][1:]))
    return out


def evolution_names(st, viewer):
    """(card names hidden from viewer, card names viewer sees) in an Evolution state."""
    n = int(st["n_players"])
    hidden, seen = set(), set()
    for p in range(n):
        mine = p == viewer
        for c in np.flatnonzero(st["hand"][p]):
            (seen if mine else hidden).add(int(c))
        if st["food_card"][p] >= 0:
            (seen if mine else hidden).add(int(st["food_card"][p]))
        for s in range(int(st["n_species"][p])):
            for k in range(3):
                c = int(st["traits"][p, s, k])
                if c >= 0:
                    (hidden if st["hidden"][p, s, k] and not mine else seen).add(c)
    if st["turn"] != viewer and st["pend"] in (Pend.USE_CARD, Pend.AVIAN_PAY):
        hidden.add(int(st["sel_card"]))
    hidden.update(int(c) for c in st["deck"][: st["deck_n"]])
    seen.update(int(c) for c in np.flatnonzero(st["discard"]))
    return hidden, seen


def leaked_evolution(states, viewer):
    hidden, seen = set(), set()
    for state in states:
        h, s = evolution_names(state[0], viewer)
        hidden |= h
        seen |= s
    classes = hidden - seen
    kinds = {int(CLASS_KIND[c]) for c in classes} - {int(CLASS_KIND[c]) for c in seen}
    return [class_name(c) for c in classes] + [KIND_NAMES[k] for k in kinds]


def check_transcript(events, viewer, leaked):
    checked = 0
    for lines, states in segments(events):
        names = leaked(states, viewer)
        for line in lines:
            for name in names:
                assert not re.search(rf"\b{re.escape(name)}\b", line), \
                    f"{line!r} names {name!r}, hidden from player_{viewer}"
            checked += 1
    return checked


@pytest.mark.parametrize("players, seed, seat", [(2, 0, 0), (3, 1, 2), (4, 2, 1), (5, 3, 4)])
def test_EVO_PLAY_11_a_human_transcript_never_names_a_hidden_card(monkeypatch, players, seed,
                                                                   seat):
    events, out = record_steps(monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO(SCRIPT))
    human_mod.play_table("evolution", players, {}, seed,
                         human_mod.seat_specs("random", players, seat), seat, out=out)
    assert check_transcript(events, seat, leaked_evolution) > 200
    lines = [v for k, v in events if k == "line"]
    assert any("places a food card face down" in line for line in lines)
    assert any("plays a face-down trait on species" in line for line in lines)


def leaked_ds(seen_cards):
    def leaked(states, viewer):
        for state in states:
            st = state[0]
            seen_cards.update(int(c) for c in st["faceup"] if c >= 0)
            if st["card"] >= 0:
                seen_cards.add(int(st["card"]))
        st = states[0][0]
        deck = {int(c) for c in st["deck"][st["deck_ptr"]: st["deck_len"]]}
        return [DSD.CARD_NAMES[c] for c in deck - seen_cards]
    return leaked


@pytest.mark.parametrize("players, seed, seat", [(2, 4, 1), (4, 5, 3)])
def test_DS_a_human_transcript_never_names_an_undrawn_card(monkeypatch, players, seed, seat):
    """Dominant Species hides only the deck order (and face-down tiles): no card is named
    before it is face up."""
    events, out = record_steps(monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO(SCRIPT * 3))
    human_mod.play_table("dominant_species", players, {}, seed,
                         human_mod.seat_specs("random", players, seat), seat, out=out)
    assert check_transcript(events, seat, leaked_ds(set())) > 200


def test_EVO_FOOD_02_others_food_cards_and_selections_are_face_down():
    from speciesgym.agents.runner import make_engine
    from speciesgym.envs.evolution.actions import A_CARD
    engine = make_engine("evolution", 3)
    state = engine.new_state(0)
    mover = engine.to_move(state)
    card = int(np.flatnonzero(engine.legal_mask(state))[0]) - A_CARD
    other = (mover + 1) % 3
    assert public_action_name(state, A_CARD + card, other) == "places a food card face down"
    assert class_name(card) in public_action_name(state, A_CARD + card, mover)


@pytest.mark.parametrize("seat", ["5", "-1"])
def test_a_seat_outside_the_table_is_a_clear_error(capsys, monkeypatch, seat):
    code, out, err = play(capsys, monkeypatch, "--players", 4, "--human", seat)
    assert code == 2 and f"--human {seat}: seats are 0..3 for 4 players" in err
    assert out == ""


def test_the_end_of_the_input_stops_cleanly_and_saves_the_moves(capsys, monkeypatch, tmp_path):
    path = tmp_path / "stopped.json"
    code, out, err = play(capsys, monkeypatch, "--players", 2, "--human", 0, "--save", path,
                          stdin="1\n2\n")
    assert code == 1 and "input ended" in err and "Traceback" not in err
    record = load_record(path)
    assert not record["finished"] and sum(a["mover"] == 0 for a in record["actions"]) >= 2


def test_forced_choices_are_played_and_shown_and_choices_start_at_1(capsys, monkeypatch,
                                                                     tmp_path):
    path = tmp_path / "game.json"
    code, out, err = play(capsys, monkeypatch, "--players", 2, "--seed", 5, "--human", 1,
                          "--save", path)
    assert code == 0, err
    record = load_record(path)
    engine, state = replay_record(dict(record, actions=[], finished=False))
    asked = forced = 0
    for step in record["actions"]:
        if step["mover"] == 1:
            legal = int(engine.legal_mask(state).sum())
            asked += legal > 1
            forced += legal == 1
        engine.apply(state, step["action"])
    assert forced > 0 and out.count("(the only choice)") == forced
    assert out.count("player_1, choose 1..") - out.count("not a listed number") == asked
    assert "  1) " in out and not re.search(r"^  \[\d+\] (?!land|avian)", out, re.M)


def test_agents_pick_the_opponents_and_save_replays(capsys, monkeypatch, tmp_path):
    path = tmp_path / "bots.json"
    code, out, err = play(capsys, monkeypatch, "--players", 3, "--seed", 2, "--agents",
                          "heuristic:grazer,random,heuristic:hunter", "--quiet", "--save", path)
    assert code == 0, err
    record = json.loads(path.read_text())
    assert record["agents"] == ["heuristic:grazer", "random", "heuristic:hunter"]
    assert record["game"] == "evolution" and record["seed"] == 2 and record["finished"]
    engine, state = replay_record(record)
    scores, winners, _ = engine.final(state)
    assert record["scores"] == [int(s) for s in scores]
    assert record["winners"] == [int(i) for i in np.flatnonzero(winners)]
    code, _, err = play(capsys, monkeypatch, "--players", 3, "--human", 0, "--agents",
                        "random,random,random")
    assert code == 2 and "one per seat (2), got 3" in err
    code, _, err = play(capsys, monkeypatch, "--players", 2, "--agents", "heuristic:nosuch")
    assert code == 2 and "nosuch" in err
    with pytest.raises(SystemExit) as refused:            # the parser refuses it: nothing runs
        play(capsys, monkeypatch, "--save", tmp_path / "nodir" / "game.json")
    assert refused.value.code == 2
    assert "argument --save" in capsys.readouterr().err.replace("\n", " ")


def test_one_agent_spec_fills_every_other_seat():
    assert human_mod.seat_specs("mcts:4", 4, 2) == ["mcts:4", "mcts:4", "human", "mcts:4"]
    assert human_mod.seat_specs(None, 2, None) == ["random", "random"]
