"""argparse types for the command line's flags: a bad value is refused by the parser, before
any game is played or any file written, with the flag named (`argument --games: ...`)."""
import argparse
import os


def _whole(value):
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None


def positive_int(value):
    """A whole number of 1 or more (a count of games, rounds, ...)."""
    number = _whole(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number}: give 1 or more")
    return number


def output_file(value):
    """A file to be written: its folder must exist (the file itself need not)."""
    folder = os.path.dirname(os.path.abspath(value))
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"{value}: folder {folder} does not exist")
    if os.path.isdir(value):
        raise argparse.ArgumentTypeError(f"{value} is a folder, not a file")
    return value


def player_count(value):
    """A player count both games are made for: 2 to 6."""
    number = _whole(value)
    if not 2 <= number <= 6:
        raise argparse.ArgumentTypeError(f"{number}: both games take 2 to 6 players")
    return number
