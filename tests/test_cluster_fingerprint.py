"""A Dask cluster cannot play stale rules: every task carries the client's data
fingerprint, pnp version and engine build; a worker reloads its model when the data
changed, refuses another pnp or engine, and a run whose workers are all gone stops.

The main test runs a real local cluster: a scheduler on 127.0.0.1 and two worker
processes (Dask's ``LocalCluster`` with ``processes=True``), started and stopped by the
test, so the models really live in other, long-lived processes, as on a cluster.
"""

from __future__ import annotations

import json
import re
import shutil
import threading
import time

import pytest

from pnp.cli import main
from pnp.errors import DataError, UsageError
from pnp.model.catalog import DEFAULT_DATA_DIR

distributed = pytest.importorskip("distributed")

CHECK = ["check", "caravan", "--players", "2", "--variant", "short", "--games", "12", "--seed", "9", "--quiet"]


def without_clock(text: str) -> str:
    """The JSON text with every ``"seconds": <number>`` (wall-clock) set to 0."""
    return re.sub(r'"seconds": [0-9.]+', '"seconds": 0', text)


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_cluster_follows_an_edit_of_the_data_between_two_runs(tmp_path):
    """Run `pnp check --cluster` twice against the same two worker processes, editing the
    data in between: the second run gives what a local run of the edited data gives.
    (Before: the workers kept the model of their first load and gave the first run's
    results again, without a word.)"""
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    first, second, local = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "local.json"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  scheduler_port=0, dashboard_address=None, death_timeout=60) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        assert main(["--data-dir", str(data), *CHECK, "--cluster", address, "--json", str(first)]) == 0
        # Three goods drawn at each refill instead of four: other games, other lengths.
        _edit(data / "caravan" / "game.yaml", "    draw: 4 ", "    draw: 3 ")
        assert main(["--data-dir", str(data), *CHECK, "--cluster", address, "--json", str(second)]) == 0
        with distributed.Client(address, set_as_default=False) as client:
            played_on = client.run(lambda: __import__("os").getpid())
        assert len(played_on) == 2          # the same two worker processes, still alive
    assert main(["--data-dir", str(data), *CHECK, "--workers", "1", "--json", str(local)]) == 0
    before, after = json.loads(first.read_text()), json.loads(second.read_text())
    assert before["variants"][0]["scorecard"]["rounds"] != after["variants"][0]["scorecard"]["rounds"]
    assert without_clock(second.read_text()) == without_clock(local.read_text())


def test_a_worker_reloads_when_the_client_data_changed(tmp_path):
    """The worker side of the test above, in this process: a model loaded for one
    fingerprint is not used for a task that carries another."""
    from pnp.engine.check import _load, data_fingerprint

    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    folder = root / "caravan"
    old = _load(str(root), "caravan", {"data": data_fingerprint(folder)})
    assert _load(str(root), "caravan", {"data": data_fingerprint(folder)}) is old      # loaded once
    _edit(folder / "game.yaml", "    draw: 4 ", "    draw: 3 ")
    new = _load(str(root), "caravan", {"data": data_fingerprint(folder)})
    assert new is not old
    assert _load(str(root), "caravan", {"data": data_fingerprint(folder)}) is new
    assert (old.rules.refill_draw, new.rules.refill_draw) == (4, 3)


@pytest.mark.parametrize("field,value,expected", [
    ("pnp", "0.0.1", r"runs pnp \S+ \(pure engine\), the client pnp 0\.0\.1 \(pure engine\)"),
    ("engine", "compiled", r"runs pnp \S+ \(pure engine\), the client pnp \S+ \(compiled engine\)"),
])
def test_a_worker_of_another_pnp_or_engine_build_refuses(field, value, expected):
    from pnp.engine.check import _load, data_fingerprint, task_envelope
    from pnp.model import load_game

    game = load_game("caravan", DEFAULT_DATA_DIR)
    envelope = task_envelope(game)
    assert envelope == {"data": data_fingerprint(game.folder), "pnp": envelope["pnp"], "engine": "pure"}
    with pytest.raises(DataError, match=expected) as caught:
        _load(str(DEFAULT_DATA_DIR), "caravan", {**envelope, field: value})
    assert "install the same pnp on every worker" in str(caught.value)


def test_a_run_whose_workers_are_all_gone_stops_with_one_error(monkeypatch):
    """Every worker leaves while tasks wait: the run ends with a `--cluster` error once it
    has had no worker for Dask's connect timeout (here 1 s), instead of waiting forever."""
    import dask

    from pnp.engine.runner import DaskCluster

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, scheduler_port=0,
                                  dashboard_address=None) as cluster, \
            dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        executor = DaskCluster(cluster.scheduler_address)
        finished = []
        outcome = {}

        def play():
            try:
                executor.run(lambda seconds: time.sleep(seconds) or seconds, [0.2] * 40, finished.append)
            except UsageError as exc:
                outcome["error"] = exc

        runner = threading.Thread(target=play, daemon=True)
        runner.start()
        while not finished and runner.is_alive():
            time.sleep(0.05)
        cluster.scale(0)                       # every worker goes
        runner.join(timeout=60)
        executor.close()
    assert not runner.is_alive(), "the run still waits for a worker"
    message = str(outcome.get("error"))
    assert message.startswith(f"--cluster: every worker of {cluster.scheduler_address} is gone (none for 1 s)"), message
    unplayed = int(re.search(r"with (\d+) of 40 tasks unplayed", message).group(1))
    assert unplayed == 40 - len(finished) and 0 < unplayed < 40


def test_a_run_whose_scheduler_stops_ends_with_one_error():
    """The scheduler itself goes (its tasks are cancelled): a `--cluster` error, not the
    ``FutureCancelledError`` traceback of before."""
    import dask

    from pnp.engine.runner import DaskCluster

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, scheduler_port=0,
                                           dashboard_address=None)
        address = cluster.scheduler_address
        executor = DaskCluster(address)
        finished, outcome = [], {}

        def play():
            try:
                executor.run(lambda seconds: time.sleep(seconds) or seconds, [0.2] * 40, finished.append)
            except UsageError as exc:
                outcome["error"] = exc

        runner = threading.Thread(target=play, daemon=True)
        runner.start()
        while not finished and runner.is_alive():
            time.sleep(0.05)
        cluster.close()
        runner.join(timeout=60)
        executor.close()
    assert not runner.is_alive()
    # which of the two a run meets depends on when the scheduler goes: its tasks cancelled,
    # or its connection closed first; either is the one --cluster line, never a traceback
    message = str(outcome.get("error"))
    assert message.startswith(f"--cluster: the Dask scheduler at {address} "), message
    assert "dropped the run's tasks" in message or "stopped answering" in message, message
