"""Whole-file writes: after a crash or Ctrl-C a file holds its old contents or its new ones,
never half of the new.

`atomic_write` writes the package's single files that something later reads back (net
files, checkpoints, scenarios, game records, replay pages, tournament state, sweep and suite
files). Two other writes keep their own step: a run folder's second name for a checkpoint
(`training.ppo.run_folder.link_or_copy`, a hard link) and RLlib's checkpoint folder (a
directory renamed into place).
"""
import contextlib
import os
import pathlib


@contextlib.contextmanager
def atomic_write(path, mode="w", encoding=None):
    """Open a temporary file beside `path` (same folder, so the rename stays on one file
    system) and yield it; when the block ends without an error the file is flushed, synced
    and `os.replace`d onto `path`. On any error, KeyboardInterrupt included, the temporary
    file is removed and `path` is left as it was. `mode` is "w" or "wb"."""
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write: mode must be 'w' or 'wb', got {mode!r}")
    path = pathlib.Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    if mode == "w" and encoding is None:
        encoding = "utf-8"
    try:
        with open(tmp, mode, encoding=encoding) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
