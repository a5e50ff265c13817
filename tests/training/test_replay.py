"""Game records replay exactly (scores checked), `speciesgym replay` and `show` of a recorded
position, and the replay page in a real headless browser (Debian's chromium)."""
import json
import shutil

import pytest

from speciesgym.envs.dominant_species.picture import WIDTH
from speciesgym.training.cli import main
from speciesgym.training.cli.play import play_table
from speciesgym.training.records.record import load_record, replay_record
from speciesgym.training.records.replay import replay_frames, replay_lines


def _game(tmp_path, game, players, seed, specs):
    path = tmp_path / f"{game}.json"
    play_table(game, players, {}, seed, specs, quiet=True, save=str(path), out=lambda *a: None)
    return path


@pytest.mark.parametrize("game,players,specs", [
    ("evolution", 3, ["random", "heuristic:grazer", "heuristic:hunter"]),
    ("dominant_species", 2, ["heuristic:spreader", "random"]),
])
def test_a_record_replays_to_the_recorded_scores(tmp_path, game, players, specs):
    path = _game(tmp_path, game, players, 5, specs)
    record = load_record(path)
    engine, state = replay_record(record)
    assert engine.to_move(state) == -1
    assert [int(s) for s in engine.final(state)[0]] == record["scores"]
    lines = replay_lines(record)
    assert len(lines) == len(record["actions"]) + 1
    assert lines[-1].startswith("final scores: ")


def test_a_record_whose_scores_differ_fails_loudly(tmp_path):
    path = _game(tmp_path, "dominant_species", 2, 1, ["random", "random"])
    record = load_record(path)
    record["scores"][0] += 1
    path.write_text(json.dumps(record))
    with pytest.raises(ValueError, match="recorded scores"):
        replay_record(load_record(path))
    assert main(["replay", str(path)]) == 2


def test_a_record_with_a_changed_action_fails_loudly(tmp_path):
    path = _game(tmp_path, "evolution", 2, 2, ["random", "random"])
    record = load_record(path)
    step = record["actions"][10]
    step["name"] = "something else"
    with pytest.raises(ValueError, match="action 10"):
        replay_record(record)


def test_show_draws_a_recorded_position_and_replay_lines_hide_cards(tmp_path, capsys):
    path = _game(tmp_path, "evolution", 2, 4, ["random", "random"])
    out = tmp_path / "pos.png"
    assert main(["show", str(path), "--move", "20", "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["show", str(path), "--move", "99999"]) == 2
    assert "--move 99999" in capsys.readouterr().err
    record = load_record(path)
    spectator = "\n".join(replay_lines(record))
    # the spectator never learns a food card before the reveal (EVO-FOOD-02)
    assert "food card:" not in spectator
    assert "places a food card face down" in spectator


def test_replay_frames_picture_every_nth_position(tmp_path):
    path = _game(tmp_path, "dominant_species", 2, 7, ["random", "random"])
    record = load_record(path)
    n = len(record["actions"])
    frames = replay_frames(record, every=100)
    assert len(frames) == len(range(0, n, 100)) + (0 if n % 100 == 0 else 1)
    assert frames[0]["action"] == "start of the game"
    assert frames[-1]["scores"].startswith("final scores: ")
    assert all(f["png"][:4] == b"\x89PNG" for f in frames)


def _browser():
    """A headless Chromium driven by Debian's chromium-driver, without sandbox or network."""
    missing = [b for b in ("chromium", "chromedriver") if shutil.which(b) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not found: apt-get install chromium "
                    "chromium-driver (.ci/run does this)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="pip install selenium")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def test_the_replay_page_works_in_a_real_browser(tmp_path):
    path = _game(tmp_path, "dominant_species", 2, 9, ["heuristic:spreader", "random"])
    page = tmp_path / "game.html"
    assert main(["replay", str(path), "--html", str(page), "--every", "150"]) == 0
    driver = _browser()
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        driver.get(page.as_uri())
        picture = driver.find_element(By.ID, "picture")
        action = driver.find_element(By.ID, "action")
        first = (picture.get_attribute("src"), action.text)
        assert action.text == "start of the game"
        slider = driver.find_element(By.ID, "slider")
        last = int(slider.get_attribute("max"))
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        assert slider.get_attribute("value") == "1"
        assert (picture.get_attribute("src"), action.text) != first
        assert action.text.startswith("move ")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        assert slider.get_attribute("value") == str(last)
        record = load_record(path)
        scores = driver.find_element(By.ID, "scores").text
        assert scores == "final scores: " + ", ".join(
            f"player_{p}: {s}" for p, s in enumerate(record["scores"]))
        driver.execute_script("const s = document.getElementById('slider'); s.value = 0; "
                              "s.dispatchEvent(new Event('input'));")
        assert action.text == "start of the game"
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
        # the picture really is an image the browser decoded, at the game's size
        width = driver.execute_script("return document.getElementById('picture').naturalWidth")
        assert width == WIDTH
    finally:
        driver.quit()
