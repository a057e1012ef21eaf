"""A second process that works while this one does: one build's jobs on the machine's second core.

A build is mostly one thread of Python (lay out the components, typeset the rules sheet,
assemble the PDF) with a second core idle.  ``Background.fork(job, *args)`` forks one child
process that starts on ``job`` at once; the job and its arguments are inherited through the
fork, not pickled, so it can take the loaded game model.  Later jobs (``submit``) go to the
same process, their arguments and every result pickled (bytes and plain values).  A job's
exception is raised by ``result()`` as it was raised (``pnp.errors`` errors keep their file
and key).

Where ``fork`` does not exist (Windows), the machine has one core or this process is a daemonic
worker, ``fork`` returns None and the caller does the work itself; a job must give the same
result in either place.
"""

from __future__ import annotations

import itertools
import os
import sys
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: Jobs handed to a child through the fork, by key (``_inherited``).
_INHERITED: dict[int, tuple[Callable[..., Any], tuple[Any, ...]]] = {}
_KEYS = itertools.count()


def processes_allowed() -> int:
    """``PNP_BUILD_PROCESSES`` from the environment (default 2): 1 keeps a build in one
    process, for machines whose cores are already busy (a parallel test run, a batch of
    builds side by side), where a second process only adds the cost of forking.

    Raises ``UsageError`` naming the variable when it is not 1 or 2."""
    value = os.environ.get("PNP_BUILD_PROCESSES", "2").strip()
    if value not in ("1", "2"):
        from pnp.errors import UsageError
        raise UsageError(f"PNP_BUILD_PROCESSES={value!r}: expected 1 (one process) or 2 (the default)")
    return int(value)


def _inherited(key: int) -> Any:
    job, args = _INHERITED[key]
    return job(*args)


class Background:
    """One forked worker process (a ``ProcessPoolExecutor`` of one, fork start method).

    ``first`` is the future of the job it was forked for.  ``close()`` (or leaving a
    ``with`` block) waits for running jobs and ends the process; jobs not started are
    cancelled.
    """

    def __init__(self, pool: ProcessPoolExecutor, first: Future[Any]):
        self._pool = pool
        self.first = first

    @classmethod
    def fork(cls, job: Callable[..., Any], *args: Any) -> "Background | None":
        """A child forked now, already running ``job(*args)``; None where that cannot help or
        is not allowed (no ``fork`` start method, a single core, ``PNP_BUILD_PROCESSES=1`` in
        the environment, or this process is itself a daemonic worker, which may not have
        children)."""
        import multiprocessing

        if ((os.cpu_count() or 1) < 2 or processes_allowed() < 2
                or "fork" not in multiprocessing.get_all_start_methods()
                or multiprocessing.current_process().daemon):
            return None
        from concurrent.futures import ProcessPoolExecutor

        # What this process has buffered but not yet written must not be written twice.
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, ValueError, OSError):
                pass
        key = next(_KEYS)
        _INHERITED[key] = (job, args)
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
        try:
            first = pool.submit(_inherited, key)   # forks (at the latest) now: the child holds the job
        except BaseException as exc:
            del _INHERITED[key]
            pool.shutdown(wait=False, cancel_futures=True)
            if isinstance(exc, OSError):
                from pnp.errors import SystemLimitError, too_many_files_hint

                import errno
                hint = too_many_files_hint() if exc.errno in (errno.EMFILE, errno.ENFILE) else \
                    "or set PNP_BUILD_PROCESSES=1 to build in one process"
                raise SystemLimitError(f"cannot start the background process: {exc.strerror or exc}; {hint}") from None
            raise
        first.add_done_callback(lambda _future: _INHERITED.pop(key, None))
        return cls(pool, first)

    def submit(self, job: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``job(*args)`` in the child once it is free (``job`` a module-level function;
        ``args`` and the result are pickled)."""
        return self._pool.submit(job, *args)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> "Background":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
