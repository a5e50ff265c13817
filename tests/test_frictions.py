"""Small frictions: the README's Use snippet runs, `show` reads the game
from the file, --net names itself in its error, the match's rank reward is named so."""
import json
import os
import re

import numpy as np
import pytest

from speciesgym.training.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DS_SCENARIO = os.path.join(ROOT, "scenarios", "dominant_species", "domination_card.json")


def readme_use_snippet():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    use = text.split("\n## Use\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", use, re.S)
    assert len(blocks) == 1, "the Use section holds one python block"
    return blocks[0]


def test_the_readme_use_snippet_runs_as_written(capsys):
    namespace = {}
    exec(compile(readme_use_snippet(), "README.md (Use)", "exec"), namespace)
    final = namespace["final"]
    assert sorted(final) == [f"player_{i}" for i in range(4)]
    assert sum(final.values()) == pytest.approx(0.0) and max(final.values()) > 0
    assert "player_3" in capsys.readouterr().out                # the snippet prints them


def test_show_reads_the_game_from_the_file(capsys, tmp_path):
    data = json.load(open(DS_SCENARIO, encoding="utf-8"))
    path = tmp_path / "ds.json"
    path.write_text(json.dumps(dict(data, game="dominant_species")))
    assert main(["show", str(path)]) == 0
    assert "Dominant Species" in capsys.readouterr().out
    assert main(["show", str(path), "--game", "evolution"]) == 2
    assert f"{path} is a dominant_species scenario, not evolution" in capsys.readouterr().err
    assert main(["show", DS_SCENARIO]) == 0              # the shipped file names its game
    assert "Dominant Species" in capsys.readouterr().out
    nameless = tmp_path / "nameless.json"
    nameless.write_text(json.dumps({k: v for k, v in data.items() if k != "game"}))
    assert main(["show", str(nameless), "--game", "dominant_species"]) == 0  # no "game": --game
    assert "Dominant Species" in capsys.readouterr().out
    assert main(["show", str(nameless)]) == 2                               # read as evolution
    assert "names no game, so it was read as evolution" in capsys.readouterr().err
    path.write_text(json.dumps(dict(data, game="chess")))
    assert main(["show", str(path)]) == 2
    assert "'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("net", ["64x64", "", "64,0"])
def test_a_bad_net_names_the_flag(net):
    """train() checks its Args first (check_args), so `speciesgym train --net 64x64` stops
    with this message before any work."""
    from speciesgym.training.ppo.args import Args, check_args
    with pytest.raises(ValueError, match=f"--net {net!r}: give hidden layer sizes"):
        check_args(Args(net=net))


def test_the_match_rank_reward_is_named_a_reward():
    from speciesgym.agents import RandomAgent
    from speciesgym.agents.runner import play_match
    res = play_match("evolution", 2, [RandomAgent(0), RandomAgent(1)], 2)
    assert not hasattr(res, "mean_rank")
    assert np.allclose(res.mean_rank_reward.sum(), 0.0)        # zero-sum, +1 .. -1
    assert set(res.summary()["random#0"]) == {"win_rate", "mean_rank_reward", "mean_score"}
