"""Action blocks: named runs of a flat Discrete action space.

A game declares its actions as an ordered list of (name, size) blocks. The layout gives each
block an offset, so `encode(name, i)` and `decode(action)` are arithmetic, and the kernels
use the offsets as plain integer constants.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    name: str
    start: int
    size: int


class ActionBlocks:
    """Ordered blocks of a flat action space; `n` is the total number of actions."""

    def __init__(self, blocks):
        self.blocks = []
        start = 0
        seen = set()
        for name, size in blocks:
            if name in seen:
                raise ValueError(f"duplicate action block {name!r}")
            if size <= 0:
                raise ValueError(f"action block {name!r} has size {size}")
            seen.add(name)
            self.blocks.append(Block(name, start, size))
            start += size
        self.n = start
        self._by_name = {b.name: b for b in self.blocks}

    def __getitem__(self, name) -> Block:
        return self._by_name[name]

    def start(self, name) -> int:
        return self._by_name[name].start

    def encode(self, name, index=0) -> int:
        block = self._by_name[name]
        if not 0 <= index < block.size:
            raise ValueError(f"index {index} outside action block {name!r} of size {block.size}")
        return block.start + index

    def decode(self, action):
        """(block name, index within the block) of a flat action index."""
        if not 0 <= action < self.n:
            raise ValueError(f"action {action} outside 0..{self.n - 1}")
        for block in self.blocks:
            if action < block.start + block.size:
                return block.name, action - block.start
        raise AssertionError("unreachable")
