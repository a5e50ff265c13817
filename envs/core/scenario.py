"""State records to and from plain dicts (the JSON scenario format), field by field.

`record_to_dict` writes every field of a record as a number or nested list. `dict_to_record`
reads such a dict back into a fresh record, checking each field's presence, shape, integer
type and range, and names the field that is wrong. Game modules add the checks that need
the rules (a card in two places, too many traits...).
"""
import json
import os

import numpy as np

from speciesgym.envs.core.atomic import atomic_write


def record_to_dict(record):
    out = {}
    for name in record.dtype.names:
        value = record[name]
        out[name] = value.tolist() if isinstance(value, np.ndarray) else value.item()
    return out


def dict_to_record(data, dtype, bounds=None, defaults=None):
    """A (1,)-shaped record array built from `data`, every field checked.

    bounds: {field: (low, high)} inclusive limits; defaults: {field: value} for fields that
    may be omitted. Unknown keys are an error.
    """
    if not isinstance(data, dict):
        raise ValueError(f"scenario must be a JSON object, got {type(data).__name__}")
    bounds = bounds or {}
    defaults = defaults or {}
    unknown = sorted(set(data) - set(dtype.names))
    if unknown:
        raise ValueError(f"scenario has unknown field(s): {', '.join(unknown)}")
    rec = np.zeros(1, dtype)
    for name in dtype.names:
        if name in data:
            raw = data[name]
        elif name in defaults:
            raw = defaults[name]
        else:
            raise ValueError(f"scenario is missing field {name!r}")
        sub = dtype[name]
        shape = sub.shape
        base = sub.base
        try:
            arr = np.asarray(raw)
        except Exception as exc:  # ragged lists and the like
            raise ValueError(f"field {name!r}: not a number or a regular array ({exc})") from None
        if arr.shape != shape:
            raise ValueError(f"field {name!r}: shape {arr.shape}, expected {shape}")
        if arr.size and arr.dtype.kind not in "iub":
            raise ValueError(f"field {name!r}: values must be integers")
        info = np.iinfo(base) if base.kind in "iu" else None
        low, high = bounds.get(name, (info.min, info.max) if info else (None, None))
        if arr.size and low is not None and (arr.min() < low or arr.max() > high):
            raise ValueError(f"field {name!r}: values must lie in {low}..{high}")
        rec[0][name] = arr.astype(base)
    return rec


def load_json(path):
    """Read a JSON scenario file (UTF-8, a byte-order mark allowed), naming the file in any
    error."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        raise ValueError(f"scenario file not found: {path}") from None
    except OSError as exc:
        raise ValueError(f"scenario file {path} cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"scenario file {path} is not valid UTF-8: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"scenario file {path} is not valid JSON: {exc}") from None


def scenario_data(source, game):
    """The scenario dict of `source` (a path or a dict) for `game`, without its "game" key.

    A scenario may name its game ("game": "evolution"); naming another game is an error.
    The caller's dict is never modified."""
    data = load_json(source) if isinstance(source, (str, os.PathLike)) else source
    if not isinstance(data, dict):
        raise ValueError(f"scenario must be a JSON object, got {type(data).__name__}")
    named = data.get("game", game)
    if named != game:
        raise ValueError(f"scenario field 'game': this is a {game} loader, the scenario is "
                         f"for {named!r}")
    return {k: v for k, v in data.items() if k != "game"}


def scenario_game(path):
    """The game a scenario file names in its "game" field, or None."""
    data = load_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"scenario file {path}: must hold a JSON object")
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise ValueError(f"scenario file {path}: field 'game' must be a string, got {game!r}")
    return game


def save_json(game, data, path):
    """Write a scenario dict to `path` with its "game" field, atomically
    (speciesgym.envs.core.atomic): a crash never leaves half a file."""
    path = os.fspath(path)
    out = {"game": game, **{k: v for k, v in data.items() if k != "game"}}
    with atomic_write(path) as fh:
        json.dump(out, fh, indent=1)
