"""Feedback while a command works: what it is doing, and how far along it is.

A *reporter* hands out tasks (``reporter.task(label, total, unit)``); a task is advanced
(``task.advance(n)``) and finished (``task.done()``; ``done(count=n)``: n units were done in
all, where the total was a lower bound; ``done(seconds=s)``: the step took s seconds
elsewhere, e.g. in another process, rather than from ``task()`` to ``done()``).  Three reporters, one per kind of
output (``reporter_for``):

- ``Live``: on a terminal, a rich progress display, one row per task (a bar with
  done/total for counted tasks, a spinner for steps), each row kept with its time when done.
- ``Lines``: when the output is not a terminal (a log, a pipe, CI), one plain line per
  finished task: ``<label>: done in 1.2 s`` or ``<label>: 200 games in 0.9 s``.
- ``Silent``: ``--quiet``: nothing.

Progress goes to standard output, before the command's results: standard error keeps
only the one line of an error (a log of a failed run reads: the steps done, then why).
The kit and the engine take any object with ``task``; they never print themselves.
"""

from __future__ import annotations

import sys
import time
from typing import IO


class _SilentTask:
    def advance(self, n: int = 1) -> None:
        pass

    def done(self, count: int | None = None, seconds: float | None = None) -> None:
        pass


class Silent:
    """Shows nothing (``--quiet``)."""

    def task(self, label: str, total: int | None = None, unit: str = "") -> _SilentTask:
        return _SilentTask()

    def __enter__(self) -> "Silent":
        return self

    def __exit__(self, *exc) -> None:
        pass


class _LineTask:
    def __init__(self, owner: "Lines", label: str, total: int | None, unit: str):
        self.owner, self.label, self.total, self.unit = owner, label, total, unit
        self.count = 0
        self.start = time.perf_counter()
        self.finished = False

    def advance(self, n: int = 1) -> None:
        self.count += n

    def done(self, count: int | None = None, seconds: float | None = None) -> None:
        if self.finished:
            return
        self.finished = True
        if count is not None:
            self.count = count
        else:
            self.count = self.total if self.total is not None else self.count   # done: every unit is done
        seconds = time.perf_counter() - self.start if seconds is None else seconds
        unit = self.unit[:-1] if self.count == 1 and self.unit.endswith("s") else self.unit   # 1 sheet, 2 sheets
        what = f"{self.count:,} {unit}" if self.total is not None else "done"   # 48,130 moves: as results print
        self.owner.write(f"{self.label}: {what} in {seconds:.1f} s")


class Lines:
    """One line per finished task on ``stream`` (default standard output)."""

    def __init__(self, stream: IO[str] | None = None):
        self.stream = stream or sys.stdout

    def task(self, label: str, total: int | None = None, unit: str = "") -> _LineTask:
        return _LineTask(self, label, total, unit)

    def write(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()

    def __enter__(self) -> "Lines":
        return self

    def __exit__(self, *exc) -> None:
        pass


class _LiveTask:
    def __init__(self, progress, label: str, total: int | None):
        self.progress = progress
        self.total = total
        self.count = 0
        # a counted task shows "done/total"; a step without a count shows nothing there
        self.id = progress.add_task(label, total=total, amount=self._amount())
        self.finished = False

    def _amount(self) -> str:
        return f"{self.count:,}/{self.total:,}" if self.total is not None else ""

    def advance(self, n: int = 1) -> None:
        self.count += n
        self.progress.update(self.id, advance=n, amount=self._amount())

    def done(self, count: int | None = None, seconds: float | None = None) -> None:
        if self.finished:
            return
        self.finished = True
        # a step without a count shows as one unit done; every row stops its clock here
        if count is not None:
            self.total = count
        self.count = self.total or 0
        self.progress.update(self.id, total=self.total or 1, completed=self.total or 1, amount=self._amount())
        self.progress.stop_task(self.id)
        if seconds is not None:     # the row shows the time the step took where it ran
            task = next(t for t in self.progress.tasks if t.id == self.id)
            if task.stop_time is not None:
                task.start_time = task.stop_time - seconds


class Live:
    """A rich progress display on ``stream`` (a terminal), one row per task."""

    def __init__(self, stream: IO[str] | None = None):
        from rich.console import Console
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        console = Console(file=stream or sys.stdout)
        self.progress = Progress(SpinnerColumn(finished_text="[green]✓"), TextColumn("{task.description}"),
                                 BarColumn(), TextColumn("{task.fields[amount]}", justify="right"), TimeElapsedColumn(),
                                 console=console)

    def task(self, label: str, total: int | None = None, unit: str = "") -> _LiveTask:
        return _LiveTask(self.progress, label, total)

    def __enter__(self) -> "Live":
        self.progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self.progress.stop()


def reporter_for(quiet: bool = False, stream: IO[str] | None = None) -> Silent | Lines | Live:
    """``Silent`` when ``quiet``, ``Live`` when ``stream`` (default standard output) is a
    terminal that can redraw a line, else ``Lines`` (a line per step as it ends): a pipe, a
    file, or a terminal whose ``TERM`` is ``dumb`` (Emacs shells, some CI logs), where a live
    display would show nothing until the end.  Use it as a context manager around the work."""
    import os

    stream = stream or sys.stdout
    if quiet:
        return Silent()
    isatty = getattr(stream, "isatty", None)
    redraws = os.environ.get("TERM", "") != "dumb"
    return Live(stream) if redraws and isatty is not None and isatty() else Lines(stream)
