"""Seeded mutations of a scenario dict: a path to a random node, then change, delete or
retype what is there. JSON values only, so every input can be written as a scenario file."""
import copy

VALUES = (-129, -3, -1, 0, 1, 2, 3, 5, 7, 8, 11, 12, 19, 34, 35, 43, 44, 91, 92, 127, 128,
          255, 32767, 2 ** 31, 2 ** 64)
ODD = (None, True, False, "", "x", "mammal", "tundra", "seed", "planning", 1.5, [], {},
       [0], [-1, 40], {"q": 0})


def _nodes(node, path=()):
    """Every (path, value) below `node`, the root excluded."""
    items = node.items() if isinstance(node, dict) else (
        enumerate(node) if isinstance(node, list) else ())
    for key, value in items:
        yield path + (key,), value
        yield from _nodes(value, path + (key,))


def _value(rng, old):
    """A replacement: a near value for a number, else a boundary number or an odd type."""
    roll = rng.random()
    if isinstance(old, int) and not isinstance(old, bool) and roll < 0.5:
        return old + int(rng.choice((-2, -1, 1, 2)))
    if roll < 0.8:
        return int(rng.choice(VALUES))
    return copy.deepcopy(ODD[int(rng.integers(len(ODD)))])


def mutate_once(data, rng):
    nodes = list(_nodes(data))
    if not nodes:
        return
    path, old = nodes[int(rng.integers(len(nodes)))]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    op = rng.random()
    if op < 0.15:
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif op < 0.25 and isinstance(parent, list):
        parent.append(copy.deepcopy(old))
    else:
        parent[key] = _value(rng, old)


def mutate(data, rng):
    """A copy of `data` with one to three mutations."""
    data = copy.deepcopy(data)
    for _ in range(int(rng.integers(1, 4))):
        mutate_once(data, rng)
    return data
