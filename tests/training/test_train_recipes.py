"""`speciesgym train` starts from its game's recipe: flags not given come
from training/ppo/recipes.py, given flags win, `--recipe none` gives Args' bare defaults, and
the recipe scripts that measured the recipes spell out the same values."""
import argparse
import re
from pathlib import Path

import pytest

from speciesgym.training.ppo.sweep import argv_of
from speciesgym.training.ppo.train import Args, add_arguments, args_from_namespace
from speciesgym.training.ppo.recipes import RECIPES, SCRIPTS

RECIPES_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "scripts"


def parsed(*argv):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return args_from_namespace(parser.parse_args(list(argv)))


@pytest.mark.parametrize("game", sorted(RECIPES))
def test_flags_not_given_come_from_the_games_recipe(game):
    args = parsed("--game", game)
    for name, value in RECIPES[game].items():
        assert getattr(args, name) == value, name
    assert args.eval_every == Args.eval_every and args.checkpoint_every == Args.checkpoint_every


def test_given_flags_win_and_recipe_none_is_the_bare_defaults():
    args = parsed("--game", "evolution", "--net", "64", "--pretrain", "")
    assert args.net == "64" and args.pretrain == ""
    assert args.learning_rate == RECIPES["evolution"]["learning_rate"]
    assert parsed("--game", "evolution", "--recipe", "none") == Args(game="evolution")
    assert parsed("--recipe", "none", "--game", "dominant_species", "--seed", "4") == \
        Args(game="dominant_species", seed=4)


def test_a_spelled_out_command_line_ignores_the_recipe():
    args = Args(game="dominant_species", timesteps=5000, net="32", pretrain="", shaping=0.0,
                self_play=0.5, baselines="random")
    assert parsed(*argv_of(args)) == args        # how a sweep starts each seed's run


def test_a_bad_recipe_is_refused_by_name():
    with pytest.raises(SystemExit):
        parsed("--recipe", "fast")


def script_flags(text):
    """The flag values of a recipe script's RECIPE string, its shell defaults substituted."""
    shell = dict(re.findall(r'^(\w+)=\$\{\w+:-([^}]*)\}', text, re.M))
    shell.update(re.findall(r'^(\w+)="([^"$]*)"$', text, re.M))
    body = re.search(r'RECIPE="(.*?)"', text, re.S).group(1).replace("\\\n", " ")
    body = re.sub(r"\$\{?(\w+)(?::-[^}]*)?\}?", lambda m: shell.get(m.group(1), ""), body)
    words = body.split()
    return {w[2:].replace("-", "_"): words[i + 1] for i, w in enumerate(words[:-1])
            if w.startswith("--") and not words[i + 1].startswith("--")}


@pytest.mark.parametrize("game", sorted(RECIPES))
def test_the_recipe_scripts_spell_out_the_recipe(game):
    flags = script_flags((RECIPES_DIR / SCRIPTS[game]).read_text())
    assert flags["game"] == game
    for name, value in RECIPES[game].items():
        assert type(value)(flags[name]) == value, (SCRIPTS[game], name)


def test_the_effects_script_trains_each_variant_as_the_recipe_with_one_change(tmp_path):
    """benchmarks/scripts/evolution_effects.sh, run with a stand-in for the speciesgym command
    that records its arguments: one sweep per variant, the variant's flag after the recipe's
    (so it wins), then `effects` over the recipe's sweep and every variant's."""
    import json
    import subprocess
    import sys
    record = tmp_path / "calls.jsonl"
    stub = tmp_path / "stub.py"
    stub.write_text("import json, sys\n"
                    f"open({str(record)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n")
    env = {"PATH": "/usr/bin:/bin", "SPECIESGYM": f"{sys.executable} {stub}",
           "RUNS_DIR": str(tmp_path),
           "VARIANTS": "noclone noshaping pool100k grazeronly-noselfplay"}
    subprocess.run(["sh", str(RECIPES_DIR / "evolution_effects.sh")], env=env, check=True)
    calls = [json.loads(line) for line in record.read_text().splitlines()]
    trains = [c for c in calls if c[0] == "train"]
    assert [c[c.index("--name") + 1] for c in trains] == [
        "evolution-2p-flyerclone-noclone", "evolution-2p-flyerclone-noshaping",
        "evolution-2p-flyerclone-pool100k", "evolution-2p-flyerclone-grazeronly-noselfplay"]
    assert trains[0][-1] == "--pretrain=" and trains[1][-2:] == ["--shaping", "0"]
    assert trains[2][-2:] == ["--pool-every", "100000"]
    assert trains[3][-4:] == ["--baselines", "heuristic:grazer", "--self-play", "0"]
    for call in trains:
        flags = dict(zip(call[1::1], call[2::1]))
        assert flags["--pretrain-games"] == "200" and flags["--seeds"] == "0-4"
    assert calls[-1][0] == "effects" and calls[-1][1] == str(tmp_path / "evolution-2p-flyerclone")
    assert calls[-1][2:6] == [str(tmp_path / f"evolution-2p-flyerclone-{v}") for v in
                              ("noclone", "noshaping", "pool100k", "grazeronly-noselfplay")]
    bad = subprocess.run(["sh", str(RECIPES_DIR / "evolution_effects.sh")],
                         env=dict(env, VARIANTS="fast"), capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown variant fast" in bad.stderr
