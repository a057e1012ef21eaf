"""How a command ends when the process around it goes away: SIGTERM and SIGHUP (like
Ctrl-C: one line, status 128 + the signal, no ``.part`` file, no temp folder), a broken
pipe, a full or a closed standard output (the kit is written; the status says what was
lost), and output paths that cannot be written, found before any long work.

Each case runs ``pnp`` as a user would: its own process, its own ``$TMPDIR``.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import group_left
from pypdf import PdfReader

PNP = [sys.executable, "-c", "import sys; from pnp.console import run; sys.argv[0] = 'pnp'; run()"]


def _env(tmp: Path, **extra) -> dict:
    folder = tmp / "tmpdir"
    folder.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(folder), **extra}


def _fontconfig_folders(tmp: Path) -> list[Path]:
    return sorted((tmp / "tmpdir").glob("pnp-fontconfig-*"))


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.mark.parametrize("signum,status,line", [
    (signal.SIGTERM, 143, "error: terminated (SIGTERM); no partial file was left"),
    (signal.SIGHUP, 129, "error: hung up (SIGHUP: the terminal closed); no partial file was left"),
], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_ends_a_build_with_one_line_and_leaves_no_temp_folder(tmp_path, signum, status, line):
    """``kill PID`` (a service manager, a CI timeout) or a closed terminal, sent to the
    command alone (not its process group), while its private fontconfig folder exists:
    one line, status 128 + the signal, no kit, no ``.part``, no folder in ``$TMPDIR``, no
    worker left.  (Before: status -15 / -1, nothing said, the folder left behind.)"""
    out = tmp_path / "out"
    process = subprocess.Popen(PNP + ["build", "caravan", "--no-check", "--out", str(out)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=_env(tmp_path, PNP_BUILD_PROCESSES="2"),
                               start_new_session=True)
    try:
        # The signal comes once the folder to clean up exists (the build is then converting
        # its first faces: several seconds of work are still ahead).
        deadline = time.monotonic() + 120
        while not _fontconfig_folders(tmp_path) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _fontconfig_folders(tmp_path), "the build never made its fontconfig folder"
        process.send_signal(signum)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == status, (process.returncode, stderr)
    assert stderr.decode() == line + "\n"
    assert b"Traceback" not in stdout
    assert _files(out) == []
    assert _fontconfig_folders(tmp_path) == []
    # the build's second process and any converting worker went with it
    assert not group_left(process.pid, 2)


def test_sigterm_ends_a_check_and_its_worker_processes(tmp_path):
    """`kill PID` of `pnp check` while its pool plays: status 143, one line, no JSON, and
    the workers (forked, so they inherited the handler) are gone too."""
    out = tmp_path / "out"
    process = subprocess.Popen(PNP + ["check", "caravan", "--games", "40", "--workers", "2", "--json",
                                      str(out / "check.json")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=_env(tmp_path), start_new_session=True)
    try:
        first = process.stdout.readline()        # the first variant is done: the pool plays the next
        assert first.startswith(b"caravan 2p"), first
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert (process.returncode, stderr) == (143, b"error: terminated (SIGTERM); no partial file was left\n")
    assert _files(out) == []
    assert not group_left(process.pid, 2)


# ----------------------------------------------------------------- paths the user gave
def test_a_write_error_names_the_file_asked_for_not_its_part_file(tmp_path, monkeypatch):
    """The system's error names the file it was writing, the hidden ``.part``: the line
    names the kit file the user asked for.  (Before: ``.../.caravan-4p-en-a4.pdf.x1y2.part``.)"""
    import errno

    import pnp.files
    from pnp.errors import OutputError

    real = pnp.files.tempfile.mkstemp

    def mkstemp(prefix="", suffix="", dir=None):
        if "manifest" in prefix:      # the second file: the disk is full by now
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.path.join(dir, prefix + "k3x9" + suffix))
        return real(prefix=prefix, suffix=suffix, dir=dir)

    monkeypatch.setattr(pnp.files.tempfile, "mkstemp", mkstemp)
    out = tmp_path / "out"
    with pytest.raises(OutputError) as caught:
        pnp.files.write_atomically(out, [(out / "kit.pdf", b"%PDF"), (out / "kit.manifest.json", b"{}")], key="--out")
    assert str(caught.value) == f"{out / 'kit.manifest.json'}: --out: cannot write (No space left on device)"
    assert _files(out) == []


def test_check_refuses_an_unwritable_json_path_before_it_plays(tmp_path, monkeypatch, capsys):
    """`pnp check --json PATH` where no file can be made (as root, /proc's permission bits
    say writable): one line before any game is played.  (Before: the whole simulation ran,
    then the write failed.)"""
    import pnp.cli_check
    from pnp.cli import main

    played = []
    monkeypatch.setattr(pnp.cli_check, "full_check", lambda *a, **k: played.append(a))
    target = "/proc/pnp-no-such-folder/check.json"
    assert main(["check", "caravan", "--games", "5", "--json", target]) == 2
    err = capsys.readouterr().err
    assert played == []
    assert err in (f"error: {target}: --json: cannot write (No such file or directory)\n",
                   f"error: {target}: --json: cannot write: /proc folder is not writable\n"), err


# ------------------------------------------------------------ standard output going away
FULL_OR_CLOSED = "the command ran to its end, but what it printed is lost\n"


def test_a_build_whose_reader_is_gone_still_writes_its_kit_and_ends_with_141(tmp_path):
    """`pnp build ... | head -0`: the pipe breaks at the first progress line.  The build
    goes on, writes the whole kit, says nothing and ends with 141 (128 + SIGPIPE).
    (Before: a BrokenPipeError ended the build at that line, status 1, no kit.)"""
    out = tmp_path / "out"
    read, write = os.pipe()
    os.close(read)                       # the reader is gone before the first line
    try:
        done = subprocess.run(PNP + ["build", "caravan", "--no-check", "--out", str(out)], stdout=write,
                              stderr=subprocess.PIPE, env=_env(tmp_path), timeout=300)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, b"")
    assert [p.name for p in _files(out)] == ["caravan-4p-en-a4.manifest.json", "caravan-4p-en-a4.pdf"]
    assert json.loads((out / "caravan-4p-en-a4.manifest.json").read_text())["pages"] == \
        len(PdfReader(out / "caravan-4p-en-a4.pdf").pages)
    assert _fontconfig_folders(tmp_path) == []


@pytest.mark.parametrize("where", ["full", "closed"])
def test_a_full_or_closed_standard_output_writes_the_file_and_says_so_in_one_line(tmp_path, where):
    """`pnp calibrate > /dev/full` and `pnp calibrate >&-`: the sheet is written, one line
    on standard error says the printout is lost, status 2.  With the descriptor closed, no
    file the command opens may take its place (pnp opens /dev/null there first).
    (Before: a traceback, status 1 / silence and status 0.)"""
    out = tmp_path / "out"
    if where == "full":
        with open("/dev/full", "w") as full:
            done = subprocess.run(PNP + ["calibrate", "--out", str(out)], stdout=full, stderr=subprocess.PIPE,
                                  env=_env(tmp_path), timeout=300)
        reason = "cannot write (No space left on device); "
    else:
        done = subprocess.run(PNP + ["calibrate", "--out", str(out)], stdout=None, stderr=subprocess.PIPE,
                              env=_env(tmp_path), timeout=300, preexec_fn=lambda: os.close(1))
        reason = "is closed; "
    assert done.stderr.decode() == f"error: standard output: {reason}{FULL_OR_CLOSED}"
    assert done.returncode == 2
    sheet = out / "calibration-a4-en.pdf"
    assert [p.name for p in _files(out)] == [sheet.name]
    assert len(PdfReader(sheet).pages) == 2


def test_a_broken_pipe_in_process_gives_141_without_a_line(monkeypatch, capsys):
    """The same rule inside ``pnp.cli.main`` (what ``pnp games | head -0`` meets)."""
    import errno

    from pnp.cli import main

    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Gone())
    assert main(["games"]) == 141
    assert capsys.readouterr().err == ""
