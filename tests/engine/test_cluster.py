"""``pnp check`` and ``pnp balance`` on a Dask cluster (``--cluster ADDRESS``): the same
seed gives the same JSON as a local run, byte for byte apart from the wall-clock fields.

The cluster is a Dask ``LocalCluster`` in this process (two single-thread workers), so the
games really travel through a scheduler as tasks, without other processes or machines.
"""

from __future__ import annotations

import re
import shutil

import pytest

from pnp.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture()
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, scheduler_port=0,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def without_clock(text: str) -> str:
    """The JSON text with every ``"seconds": <number>`` (wall-clock) set to 0."""
    return re.sub(r'"seconds": [0-9.]+', '"seconds": 0', text)


def test_check_on_a_cluster_gives_the_local_json(cluster, tmp_path, capsys):
    local, remote = tmp_path / "local.json", tmp_path / "cluster.json"
    args = ["check", "caravan", "--players", "2", "--games", "12", "--seed", "9", "--quiet"]
    assert main([*args, "--workers", "2", "--json", str(local)]) == 0
    assert main([*args, "--cluster", cluster, "--json", str(remote)]) == 0
    out = capsys.readouterr().out
    assert f"cluster threads at {cluster}" in out           # it really ran there
    text = local.read_text()
    assert '"seconds"' in text and "2p-short" in text        # the three 2-player variants were played
    assert without_clock(remote.read_text()) == without_clock(text)


def test_balance_on_a_cluster_gives_the_local_json(cluster, tmp_path, capsys):
    local, remote = tmp_path / "local.json", tmp_path / "cluster.json"
    args = ["balance", "samarkand", "--players", "3", "--games", "8", "--seed", "2", "--band", "0.5", "--quiet"]
    assert main([*args, "--workers", "1", "--json", str(local)]) == 0
    assert main([*args, "--cluster", cluster, "--json", str(remote)]) == 0
    assert '"trials"' in local.read_text()
    assert remote.read_bytes() == local.read_bytes()


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:9", "not::an::address"])
def test_unreachable_scheduler_is_one_line_error(address, tmp_path, capsys):
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = main(["check", "samarkand", "--players", "2", "--games", "5", "--cluster", address,
                     "--json", str(tmp_path / "c.json")])
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("error: --cluster: ") and address in lines[0]
    assert not (tmp_path / "c.json").exists()


def test_worker_with_other_data_refuses_to_play(tmp_path, game):
    """A worker whose copy of the game data differs from the client's says so instead of
    playing other rules (the fingerprint travels with every task)."""
    from pnp.engine.check import _load, data_fingerprint
    from pnp.errors import DataError

    root = tmp_path / "data"
    shutil.copytree(game.folder.parent, root)
    fingerprint = data_fingerprint(game.folder)
    assert data_fingerprint(root / "samarkand") == fingerprint
    path = root / "samarkand" / "checks.yaml"
    path.write_text(path.read_text() + "\n# edited on this worker\n")
    with pytest.raises(DataError, match="differ from the client's"):
        _load(str(root), "samarkand", fingerprint)


def test_an_address_without_a_port_is_refused_at_once_in_one_line(tmp_path):
    """A reviewer's `--cluster notanaddress` printed its one line, then waited 60 s and
    printed a traceback as the half-made Dask client closed: the address is now refused
    before a client exists.  Run as its own process, since the wait came at exit."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import sys; from pnp.cli import main; sys.exit(main(sys.argv[1:]))",
                           "check", "caravan", "--players", "3", "--games", "5", "--cluster", "notanaddress",
                           "--json", str(tmp_path / "c.json")], capture_output=True, text=True, timeout=30)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: --cluster: ") and "tcp://HOST:PORT" in lines[0]
    assert not (tmp_path / "c.json").exists()
