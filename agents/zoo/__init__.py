"""Shipped policy/value nets (package data: `<game>-<n>p.npz`, agents.net.mlp's format),
usable as `zoo:<game>-<n>p` (the net alone) or `search:<budget>:net=zoo:<game>-<n>p`.
`python -m speciesgym.agents.zoo` lists them with the strength measured when they were
shipped and the command that made each (both in the file's meta)."""
import pathlib

from speciesgym.agents.net.mlp import load

HERE = pathlib.Path(__file__).resolve().parent


def names():
    return sorted(p.stem for p in HERE.glob("*.npz"))


def listing():
    """One text block per shipped net: name, sizes, measured strength, command."""
    out = []
    for name in names():
        net = load(f"zoo:{name}")
        m = net.meta
        out.append(f"zoo:{name}  ({net.game}, {net.players} players, "
                   f"{net.params.size:,} weights)")
        for line in m.get("strength", ["(no measured strength recorded)"]):
            out.append(f"  {line}")
        out.append(f"  made by: {m.get('command', '(unknown)')}")
    return "\n".join(out) or "no shipped nets"
