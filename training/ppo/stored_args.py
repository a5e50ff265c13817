"""Arguments stored by earlier runs (a run's args.json, a sweep's sweep.json) set against the
arguments given now: what a resume or a rerun may change, and what it may not.

Shared by training.ppo.train (`--resume` of one run) and training.ppo.sweep (rerunning a sweep)."""
import dataclasses
import json

from speciesgym.training.ppo.args import Args

LEGACY_FIELDS = {"pool_every": "checkpoint_every"}   # the pool followed the checkpoints


def legacy_filled(config):
    """A stored config with the fields added since it was written that took another field's
    value before (LEGACY_FIELDS) filled in from that field."""
    out = dict(config)
    for key, like in LEGACY_FIELDS.items():
        if key not in out and like in out:
            out[key] = out[like]
    return out


def stored_config(config, skip=()):
    """A stored config as today's Args would write it: fields added to Args since it was
    written filled in (LEGACY_FIELDS from the field they followed, the rest at their default,
    which is what those runs ran with); the fields in `skip` left out."""
    defaults = json.loads(json.dumps({f.name: f.default for f in dataclasses.fields(Args)
                                      if f.default is not dataclasses.MISSING
                                      and f.name not in skip}))
    return {**defaults, **{k: v for k, v in legacy_filled(config).items() if k not in skip}}


def differences(old, given):
    """'--flag <stored> (stored) vs <given> (given)' for every field whose values differ
    (both as JSON gives them back: lists and floats as stored); empty when none does."""
    given = json.loads(json.dumps(given))
    keys = sorted(set(old) | set(given))
    return ", ".join(f"--{k.replace('_', '-')} {old.get(k, '<absent>')!r} (stored) vs "
                     f"{given.get(k, '<absent>')!r} (given)" for k in keys
                     if old.get(k, "<absent>") != given.get(k, "<absent>"))
