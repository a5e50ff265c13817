"""Checked reading of scenario fields shared by the games' loaders: each refuses a value with
a ValueError that names the field."""
import numpy as np


def integer(value, field, low, high):
    """`value` as an int in low..high (a bool or a non-integer is refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{field}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{field}: {value} is outside {low}..{high}")
    return int(value)


def json_list(value, field):
    """`value` if it is a list."""
    if not isinstance(value, list):
        raise ValueError(f"{field}: expected a list")
    return value
