"""Matches and rated tournaments: `run.py` (the schedule, the resumable results file and the
run), `referee.py` (time limits and forfeits), `executors.py` and `ray_executor.py` (where
games are played), `ratings.py` (openskill ladders and win-share intervals), `match.py` and
`match_summary.py` (one table of agents, N games), `report.py` (leaderboards). Imports
records/, cluster/ and training.games, never cli/ or ppo/."""
