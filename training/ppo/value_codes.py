"""Lossless small codes for float32 vectors that repeat few distinct values.

An observation of either game is thousands of floats but only a few hundred distinct values
(counts, flags and small fractions: about 400 in 4-player Dominant Species, 130 in 2-player
Evolution over a few games). `ValueCodes` numbers every distinct value by its bit pattern in
the order first seen and stores a vector as the uint16 numbers of its values: half the memory
of float32, and `decode` gives back the same bits (-0.0 and 0.0 are two values, as are any
two NaN patterns), so whatever is computed from the decoded rows is what the originals give.
"""
import numpy as np

CODE = np.uint16


class ValueCodes:
    """The distinct float32 values seen so far, numbered in the order first seen (at most
    LIMIT of them, the uint16 codes' range)."""
    LIMIT = int(np.iinfo(CODE).max) + 1

    def __init__(self):
        self.values = np.empty(0, np.float32)       # code -> value
        self._sorted_bits = np.empty(0, np.uint32)  # the values' bit patterns, ascending
        self._sorted_codes = np.empty(0, CODE)      # the code of each of those

    def __len__(self):
        return len(self.values)

    def _lookup(self, bits):
        pos = np.searchsorted(self._sorted_bits, bits)
        pos[pos == len(self._sorted_bits)] = 0
        found = self._sorted_bits[pos] == bits if len(self._sorted_bits) else \
            np.zeros(bits.shape, bool)
        return pos, found

    def encode(self, vector):
        """The codes of a float32 vector's values (numbering the new ones), or None if they
        would take the table past LIMIT values (the table is then unchanged)."""
        bits = np.ascontiguousarray(vector, np.float32).view(np.uint32)
        pos, found = self._lookup(bits)
        if not found.all():
            new = np.unique(bits[~found])
            if len(self.values) + len(new) > self.LIMIT:
                return None
            codes = np.arange(len(self.values), len(self.values) + len(new), dtype=np.int64)
            self.values = np.concatenate([self.values, new.view(np.float32)])
            all_bits = np.concatenate([self._sorted_bits, new])
            order = np.argsort(all_bits, kind="stable")
            self._sorted_bits = all_bits[order]
            self._sorted_codes = np.concatenate([self._sorted_codes, codes.astype(CODE)])[order]
            pos, found = self._lookup(bits)
        return self._sorted_codes[pos]

    def decode(self, codes):
        """The float32 values of `codes` (any shape), bit for bit those encoded."""
        return self.values[codes]
