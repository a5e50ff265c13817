"""Games as JSON records: `record.py` (write, read, replay exactly), `play_records.py` (bot
games kept as records, stepped with the positions around each action), `replay.py` and
`replay_page.py` (terminal and HTML replays). Imports only agents/ and envs/."""
