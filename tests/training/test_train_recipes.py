"""`speciesgym train` starts from its game's recipe (issue 13, item 2): flags not given come
from training/train_recipes.py, given flags win, `--recipe none` gives Args' bare defaults, and
the recipe scripts that measured the recipes spell out the same values."""
import argparse
import re
from pathlib import Path

import pytest

from speciesgym.training.sweep import argv_of
from speciesgym.training.train import Args, add_arguments, args_from_namespace
from speciesgym.training.train_recipes import RECIPES, SCRIPTS

RECIPES_DIR = Path(__file__).resolve().parents[2] / "training" / "recipes"


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
