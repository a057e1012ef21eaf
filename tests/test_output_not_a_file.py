"""An output path that names a device, a pipe or a socket is refused before any work, and is
left as it was: an atomic rename would have replaced it with a plain file (a fresh reviewer's
`--out /dev/full` did so to the machine's /dev/full)."""

import os
import stat
import subprocess
import sys

import pytest


@pytest.mark.parametrize("args", [
    ["i18n", "export", "--lang", "de", "--out", "{target}"],
    ["check", "caravan", "--players", "2", "--games", "5", "--workers", "1", "--json", "{target}"],
])
def test_a_fifo_as_the_output_file_is_refused_and_left_a_fifo(tmp_path, args):
    fifo = tmp_path / "reader"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "pnp", *[a.replace("{target}", str(fifo)) for a in args]],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a regular file" in lines[0] and "Traceback" not in done.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["reader"]       # no .part, nothing else


def test_write_atomically_refuses_to_rename_over_a_fifo(tmp_path):
    from pnp.errors import OutputError
    from pnp.files import write_atomically

    fifo = tmp_path / "kit.pdf"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="is not a regular file"):
        write_atomically(tmp_path, [(tmp_path / "other.txt", b"x"), (fifo, b"%PDF")], key="--out")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and not (tmp_path / "other.txt").exists()
