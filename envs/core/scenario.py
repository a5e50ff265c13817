"""State records to and from plain dicts (the JSON scenario format), field by field.

`record_to_dict` writes every field of a record as a number or nested list. `dict_to_record`
reads such a dict back into a fresh record, checking each field's presence, shape, integer
type and range, and names the field that is wrong. Game modules add the checks that need
the rules (a card in two places, too many traits...).
"""
import json

import numpy as np


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
    """Read a JSON scenario file, naming the file in any error."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise ValueError(f"scenario file not found: {path}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"scenario file {path} is not valid JSON: {exc}") from None
