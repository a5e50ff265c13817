"""Luck correction: AIVAT-style control variates that subtract, with a fixed value function,
how much each chance outcome (and each sampled action of a seat with a known policy) helped
a seat, keeping the expected reward and shrinking its variance."""
