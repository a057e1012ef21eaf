"""Where simulated games run: a local process pool or a Dask distributed cluster.

``pnp.engine.check.simulate_many`` cuts the games into tasks (chunks of seeds) and hands
the list to an executor; the executor runs ``function(task)`` for every task and returns
the results in task order.  How the games are cut and which seed each game gets never
depend on the executor, so a local run and a cluster run of the same seed give the same
results (``pnp check --cluster``).

- ``LocalPool(workers)``: ``workers`` processes on this machine (1: in this process).
- ``DaskCluster(address)``: the workers of a Dask scheduler (``dask scheduler`` /
  ``dask worker ADDRESS``), each with pnp installed and the same game data.

Both call ``done(index)`` as each task finishes (progress displays).
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Callable, Sequence

from pnp.errors import UsageError


def engine_build() -> str:
    """Which build of the rules engines this process runs: "pure" (Python) or "compiled".
    Every cluster task carries it (``pnp.engine.check.task_envelope``): a worker of another
    build refuses the task, so one run never mixes two builds' games."""
    return "pure"


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and reports one line
    (otherwise every worker prints its own traceback)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_method() -> str:
    """Fork where the platform has it (workers inherit loaded models), else spawn."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def process_pool(workers: int, method: str | None = None):
    """A ``concurrent.futures.ProcessPoolExecutor`` of ``workers`` processes (start method
    ``method``, default ``_start_method()``) that ignore Ctrl-C.  Not ``multiprocessing.Pool``:
    a worker killed there (SIGKILL, the out-of-memory killer) loses its task and the caller
    waits for it forever; here every pending future fails with ``BrokenProcessPool``,
    which ``pnp.cli`` reports as one line.  End it with ``end_pool``."""
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(method or _start_method())
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)


def end_pool(pool) -> None:
    """Stop ``pool`` (``process_pool``) now: tasks not started are cancelled and the
    workers are ended, not waited for (a task still playing is dropped)."""
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)   # Python 3.14
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the executor offers no way to end a busy worker but its process table.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)


class LocalPool:
    """``workers`` processes on this machine (default: all cores); 1 runs in this process."""

    remote = False

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1

    @property
    def describe(self) -> str:
        return f"{self.workers} workers"

    def in_process(self, tasks: int) -> bool:
        """True when ``tasks`` tasks run in this process (one worker or one task)."""
        return self.workers == 1 or tasks == 1

    def inherits_memory(self, tasks: int) -> bool:
        """True when the tasks see this process's memory: they run here, or in forked workers
        (which inherit what the caller loaded; spawned workers start afresh)."""
        return self.in_process(tasks) or _start_method() == "fork"

    def run(self, function: Callable, tasks: Sequence, done: Callable[[int], None] | None = None) -> list:
        """``[function(t) for t in tasks]``, over the pool; ``done(i)`` after task i."""
        if self.in_process(len(tasks)):
            out = []
            for i, task in enumerate(tasks):
                out.append(function(task))
                if done:
                    done(i)
            return out
        pool = process_pool(self.workers)
        try:
            out = []
            for i, result in enumerate(pool.map(function, tasks)):
                out.append(result)
                if done:
                    done(i)
            return out
        finally:
            end_pool(pool)

    def close(self) -> None:
        pass


class DaskCluster:
    """The workers of the Dask scheduler at ``address`` (e.g. ``tcp://10.0.0.5:8786``).

    Connecting waits at most Dask's ``distributed.comm.timeouts.connect`` (30 s unless
    configured), then for at least one worker as long again.

    Raises:
        UsageError (key ``--cluster``): the address is malformed, no scheduler answers
            there, it has no worker, or the ``distributed`` package is not installed.
    """

    remote = True

    def __init__(self, address: str):
        try:
            import dask
            from distributed import Client
        except ImportError:
            raise UsageError("running on a cluster needs the 'distributed' package; install pnp with "
                             "pip install 'pnp-kit[cluster]'", key="--cluster") from None
        self.address = address
        # A malformed address is refused before a Client exists: a Client that failed to
        # start on one still waited 60 s to close when it was collected ("notanaddress" took
        # 60 s and printed a traceback after the one-line error).
        from distributed.comm.addressing import parse_address, parse_host_port

        try:
            scheme, location = parse_address(address)
            if scheme in ("tcp", "tls", "ws", "wss"):
                parse_host_port(location)
        except ValueError as exc:
            raise UsageError(f"expected a Dask scheduler's address as tcp://HOST:PORT, got {address!r} ({exc})",
                             key="--cluster") from None
        try:
            self.client = Client(address, set_as_default=False)
        except (OSError, ValueError, TypeError, TimeoutError) as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UsageError(f"cannot reach a Dask scheduler at {address!r} ({first}); start one with "
                             "`dask scheduler` and give its address (tcp://HOST:8786)", key="--cluster") from None
        try:
            self.client.wait_for_workers(1, timeout=dask.config.get("distributed.comm.timeouts.connect"))
        except (OSError, TimeoutError):
            self.client.close()
            raise UsageError(f"the Dask scheduler at {address} has no worker; start some with "
                             f"`dask worker {address}`", key="--cluster") from None
        self.workers = sum(self.client.nthreads().values())

    @property
    def describe(self) -> str:
        return f"{self.workers} cluster threads at {self.address}"

    def in_process(self, tasks: int) -> bool:
        return False

    def inherits_memory(self, tasks: int) -> bool:
        return False        # other machines: each worker loads the game from its own data

    def run(self, function: Callable, tasks: Sequence, done: Callable[[int], None] | None = None) -> list:
        """``[function(t) for t in tasks]`` on the cluster's workers; ``done(i)`` as task i
        finishes (in any order).

        Raises:
            UsageError (key ``--cluster``): a task failed on a worker (with the worker's
                message, e.g. its game data or pnp version differ from this machine's);
                or the cluster has had no worker for ``gone_after()`` seconds while tasks
                were waiting (every worker stopped or was killed), or its scheduler stopped
                answering: the run ends rather than waiting for a worker that may never come.
        """
        import time

        from distributed import as_completed

        futures = self.client.map(function, list(tasks), pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        limit = gone_after()
        try:
            waiting = as_completed(futures, loop=self.client.loop)
            since = None        # when the cluster was first seen without a worker
            reported = 0
            while not waiting.is_empty():
                batch = waiting.next_batch(block=False)
                for future in batch:
                    if future.status == "error":
                        exc = future.exception()
                        raise UsageError(f"a task failed on a worker of {self.address}: {exc}", key="--cluster")
                    if future.status != "finished":
                        raise self._stopped(future.status)
                    reported += 1
                    if done:
                        done(index[future.key])
                if batch:
                    since = None
                    continue
                if self._worker_count() > 0:
                    since = None
                else:
                    since = since if since is not None else time.monotonic()
                    if time.monotonic() - since >= limit:
                        raise UsageError(f"every worker of {self.address} is gone (none for {limit:g} s) with "
                                         f"{len(futures) - reported} of {len(futures)} tasks unplayed; start workers with "
                                         f"`dask worker {self.address}` and run the command again", key="--cluster")
                time.sleep(0.1)
            try:
                return self.client.gather(futures)
            except (OSError, TimeoutError, _cancelled_error()):
                raise self._stopped("lost") from None
        finally:
            try:
                self.client.cancel(futures)
            except Exception:   # noqa: BLE001 - a scheduler that is gone cannot cancel; the error above says why
                pass

    def _stopped(self, status: str) -> UsageError:
        """The error for a run whose tasks the scheduler dropped (``status``: "cancelled",
        "lost"): it stopped or restarted while they were waiting."""
        return UsageError(f"the Dask scheduler at {self.address} dropped the run's tasks ({status}: it stopped or "
                          "restarted); no result was kept, run the command again", key="--cluster")

    def _worker_count(self) -> int:
        """Workers the scheduler has now.  Raises ``UsageError`` when it stops answering."""
        try:
            return len(self.client.nthreads())
        except (OSError, TimeoutError) as exc:
            raise UsageError(f"the Dask scheduler at {self.address} stopped answering ({type(exc).__name__}); "
                             "no result was kept", key="--cluster") from None

    def close(self) -> None:
        self.client.close()


def _cancelled_error() -> type:
    """The exception ``Client.gather`` raises for a cancelled task (``FutureCancelledError``
    in newer ``distributed``, ``asyncio.CancelledError`` in older)."""
    try:
        from distributed.client import FutureCancelledError

        return FutureCancelledError
    except ImportError:
        import asyncio

        return asyncio.CancelledError


def gone_after() -> float:
    """Seconds a cluster run waits without any worker before it stops with an error: Dask's
    ``distributed.comm.timeouts.connect`` (30 s unless configured, e.g.
    ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s``), the time it also waits for the
    scheduler and for a first worker."""
    import dask
    from dask.utils import parse_timedelta

    return float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="s"))


def executor_for(workers: int | None = None, cluster: str | None = None) -> Any:
    """``DaskCluster(cluster)`` when an address is given, else ``LocalPool(workers)``."""
    return DaskCluster(cluster) if cluster else LocalPool(workers)
