"""What a user sees while pnp works: a live progress display on a terminal (under a
pseudo-terminal here), one plain line per finished step when the output is not a terminal,
nothing with ``--quiet``; after a build, the pre-print check's result.

Builds use the fixture game ``tinygame`` (tests/fixtures/plugin_game, a few seconds);
checks play a handful of Samarkand games.
"""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from pnp.cli import main

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "tests" / "fixtures" / "plugin_game"
ESCAPE = "\x1b["     # a terminal control sequence: the live display redraws with them


def in_pty(*args: str, cwd: Path, interrupt_when=None, term: str = "xterm-256color") -> tuple[int, str]:
    """Run ``pnp ARGS`` with standard output and error on a pseudo-terminal; its exit
    status and everything it wrote there.  ``interrupt_when(screen: bytes) -> bool``: send
    Ctrl-C (SIGINT) the first time it is true of what the command wrote so far.  ``term``:
    the terminal type the command sees (``TERM``)."""
    import signal

    env = {**os.environ, "PYTHONPATH": str(PLUGIN), "TERM": term, "COLUMNS": "120"}
    env.pop("PNP_DATA_DIR", None)
    env.pop("NO_COLOR", None)
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", *args], stdin=slave, stdout=slave, stderr=slave,
                               env=env, cwd=cwd)
    os.close(slave)
    screen = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:         # EIO: the child closed the terminal
            break
        if not data:
            break
        screen += data
        if interrupt_when is not None and interrupt_when(screen):
            process.send_signal(signal.SIGINT)
            interrupt_when = None
    os.close(master)
    return process.wait(timeout=120), screen.decode("utf-8", "replace")


def test_build_shows_progress_on_a_terminal(tmp_path):
    code, screen = in_pty("build", "tinygame", "--out", str(tmp_path / "live"), cwd=tmp_path)
    assert code == 0, screen
    assert ESCAPE in screen
    for step in ("read the data", "lay out the components", "pre-print check", "rules sheet", "convert the printed pages",
                 "contents page, ink, assembly", "font audit, write the files"):
        assert f"tinygame 2p: {step}" in screen or f"tinygame: {step}" in screen, step
    assert "20/20" in screen            # the pre-print check's games, counted (checks.yaml quick_games: 20)
    assert "pre-print check: passed: tinygame 2p, static checks and 20 simulated 2-player games, all finished" in screen


def test_a_dumb_terminal_gets_a_plain_line_per_step_not_a_live_display(tmp_path):
    """A terminal that cannot redraw (TERM=dumb: Emacs shells, some CI logs) showed nothing
    of a live display until the end; it gets the plain lines a pipe gets."""
    code, screen = in_pty("build", "tinygame", "--no-check", "--out", str(tmp_path / "dumb"), cwd=tmp_path, term="dumb")
    assert code == 0, screen
    assert ESCAPE not in screen
    lines = screen.replace("\r\n", "\n").splitlines()
    assert any(re.match(r"tinygame( 2p)?: read the data", line) for line in lines), screen
    assert any(re.match(r"tinygame( 2p)?: font audit, write the files", line) for line in lines), screen


def test_check_shows_progress_per_variant_on_a_terminal_and_nothing_when_quiet(tmp_path):
    """(``--quiet`` picks the same ``Silent`` reporter in every command; checked here,
    where it is cheapest.)"""
    code, screen = in_pty("check", "samarkand", "--players", "2", "--games", "20", "--workers", "1", cwd=tmp_path)
    assert code == 0, screen
    # 20 heuristic games and round(20 * 100 / 1000) = 2 exploring games (checks.yaml explore_games: 100)
    assert ESCAPE in screen and re.search(r"samarkand 2p\s.*22/22", screen), screen[-2000:]
    code, quiet = in_pty("check", "samarkand", "--players", "2", "--games", "20", "--workers", "1", "--quiet",
                         cwd=tmp_path)
    assert code == 0 and "PASS" in quiet
    assert ESCAPE not in quiet and "22/22" not in quiet and "samarkand 2p:" not in quiet


def test_progress_is_one_plain_line_per_variant_when_not_a_terminal(capsys):
    assert main(["check", "samarkand", "--players", "2", "--variant", "standard", "--games", "10", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert re.fullmatch(r"samarkand 2p: 11 games in \d+\.\d s", lines[0]), lines[0]     # one variant, one line
    assert lines[1].startswith("samarkand: 10 heuristic games per variant, seed 1, 1 workers")
    assert "\r" not in captured.out and ESCAPE not in captured.out and captured.err == ""


def test_ctrl_c_on_a_terminal_shows_the_cursor_again_and_puts_the_error_on_its_own_line(tmp_path):
    """The live display hides the cursor while it draws; Ctrl-C ends the process at once
    (``pnp.interrupt``), so the handler must show it again, or the user's terminal is left
    without a cursor.  Interrupted once the display is drawing (a step read from the
    screen, not a sleep)."""
    code, text = in_pty("check", "samarkand", "--players", "2", "--games", "20000", "--workers", "1", cwd=tmp_path,
                        interrupt_when=lambda screen: b"\x1b[?25l" in screen and b"samarkand 2p" in screen)
    assert code == 130, text[-500:]
    assert "\x1b[?25l" in text
    assert text.rfind("\x1b[?25h") > text.rfind("\x1b[?25l"), text[-500:]     # the cursor shown again, last
    assert re.search(r"\n(\x1b\[[0-9;?]*[A-Za-z])*error: interrupted \(Ctrl-C\)", text), text[-500:]


def test_progress_counts_print_with_thousands_separators_as_the_results_do():
    """The pre-print check's row counts moves (``48,130 moves``, as its result line prints
    them): one way to write a number in one run's output."""
    import io

    from pnp.progress import Lines

    stream = io.StringIO()
    with Lines(stream) as lines:
        task = lines.task("samarkand 5p: pre-print check", 48000, "moves")
        task.advance(48130)
        task.done(count=48130, seconds=1.25)
    assert stream.getvalue().splitlines() == ["samarkand 5p: pre-print check: 48,130 moves in 1.2 s"]
