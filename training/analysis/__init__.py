"""Reading results: `sweep_report.py` (a sweep's win rates across seeds), `effects.py` (what
one change of recipe does), `evolution_stats.py` and `dominant_species_stats.py` (per-game
statistics from records). Imports ppo/, records/ and training.stats."""
