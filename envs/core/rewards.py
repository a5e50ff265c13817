"""Final rewards from final scores and winners, for every reward mode the envs offer.

- "win" (default): zero-sum. Winners share +1 and losers share -1 (each winner gets 1/w,
  each loser -1/(P-w)); if every player wins, everyone gets 0.
- "rank": zero-sum. Ranks spread linearly from +1 (first) to -1 (last); tied players share
  the mean of the ranks they occupy; winners (after the game's tie-break) rank first.
- "score": each player's final score, as printed by the game (not zero-sum).
"""
import numpy as np

REWARD_MODES = ("win", "rank", "score")


def check_reward_mode(mode):
    if mode not in REWARD_MODES:
        raise ValueError(f"unknown reward {mode!r}; choose one of {REWARD_MODES}")
    return mode


def final_rewards(mode, scores, winners, order_key):
    """Rewards per seat.

    scores: final scores per seat; winners: bool per seat (after tie-breaks);
    order_key: per seat, a number that is larger for a better final standing (ties equal).
    """
    scores = np.asarray(scores, dtype=np.float64)
    winners = np.asarray(winners, dtype=bool)
    n = len(scores)
    if mode == "score":
        return scores.copy()
    if mode == "win":
        w = int(winners.sum())
        if w in (0, n):
            return np.zeros(n)
        return np.where(winners, 1.0 / w, -1.0 / (n - w))
    key = np.asarray(order_key, dtype=np.float64)
    key = np.where(winners, key.max() + 1.0, key)
    slots = np.linspace(1.0, -1.0, n) if n > 1 else np.zeros(1)
    order = np.argsort(-key, kind="stable")
    out = np.zeros(n)
    i = 0
    while i < n:
        j = i
        while j + 1 < n and key[order[j + 1]] == key[order[i]]:
            j += 1
        out[order[i:j + 1]] = slots[i:j + 1].mean()
        i = j + 1
    return out
