"""What the rules do from a suite's positions, as a short hash per position, so that a code
change that leaves the rules alone can be told from one that does not.

`position_behaviour(engine, state, legal, key)`: from the position, each of (at most
ACTIONS of) its legal actions is played, then uniformly random moves from a generator
seeded by (key, action) to the end of the game; the hash covers the legal actions at every
move and the final state record (whose bytes hold the whole game, hidden cards and the
generator included).
Two rule sets that play these games the same way give the same hash; a change to anything
these games touch gives another.

A suite whose rules hash differs from the running rules' (versions.py) may be restamped
(`decisions restamp`) when every position's behaviour hash is still the same: then the code
changed but not what it does on these positions, and their labels stand. Otherwise it must
be labelled again.
"""
import hashlib

import numpy as np

ACTIONS = 4                  # legal actions played out per position (the first ones)
MAX_MOVES = 20_000           # a safety cap, far above the length of any game


def position_behaviour(engine, state, legal, key):
    """The behaviour hash of a position (16 hex digits)."""
    digest = hashlib.sha256()
    for action in list(legal)[:ACTIONS]:
        st = state.copy()
        engine.apply(st, int(action))
        rng = np.random.default_rng([int(key), int(action)])
        moves = 0
        while engine.to_move(st) >= 0 and moves < MAX_MOVES:
            legal_now = np.flatnonzero(engine.legal_mask(st))
            digest.update(legal_now.tobytes())
            engine.apply(st, int(legal_now[rng.integers(legal_now.size)]))
            moves += 1
        digest.update(st.tobytes())
    return digest.hexdigest()[:16]


def behaviour_key(position_id):
    """The playouts' seed of a position: from its id, so it does not depend on where the
    position sits in a file."""
    return int(hashlib.sha256(str(position_id).encode()).hexdigest()[:12], 16)


def record_behaviour(game, record, index):
    """The behaviour hash of a suite position record (its scenario rebuilt); `index` names
    it in errors."""
    from speciesgym.training.decisions.suite import rebuild_position
    engine, state = rebuild_position(game, record, f"position {index} ({record.get('id')})")
    return position_behaviour(engine, state, record["legal"], behaviour_key(record.get("id")))


def restamp(path, out):
    """Write suite `path` to `out` under the running rules' hash when every position's
    behaviour hash is unchanged (the code changed, not what it does here); its dict.
    ValueError naming the first position that behaves differently, or lacks a hash."""
    from speciesgym.training.decisions.suite import read_suite_file, write_suite
    from speciesgym.training.decisions.versions import rules_hash
    data = read_suite_file(path)
    running = rules_hash(data["game"])
    if data.get("rules_hash") == running:
        raise ValueError(f"decisions restamp: {path} is already labelled under these rules")
    for i, record in enumerate(data["positions"]):
        if "behaviour" not in record:
            raise ValueError(f"decisions restamp: position {i} ({record.get('id')}) has no "
                             f"behaviour hash (labelled before they were stored): relabel "
                             f"the suite")
        if record_behaviour(data["game"], record, i) != record["behaviour"]:
            raise ValueError(f"decisions restamp: the rules play differently from position "
                             f"{i} ({record.get('id')}) than when it was labelled: its labels "
                             f"may be wrong; relabel the suite")
    stamps = list(data.get("rules_stamps", []))
    stamps.append({"from": data.get("rules_hash"), "to": running,
                   "by": f"behaviour of all {len(data['positions'])} positions unchanged"})
    data.update(rules_hash=running, rules_stamps=stamps)
    write_suite(data, out)
    return data
