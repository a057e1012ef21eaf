"""The /proc readers the process tests judge by (``helpers.live_processes``, ``group_left``)."""

from __future__ import annotations

import os
import signal
import subprocess

from helpers import group_left, live_processes


def test_live_processes_sees_a_child_and_its_group_until_it_ends():
    child = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        assert child.pid in live_processes(parent=os.getpid())
        assert live_processes(group=child.pid) == [child.pid]
        assert group_left(child.pid, 0.1) == [child.pid]
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()                    # reaped: no zombie left to count
        assert group_left(child.pid, 2) == []
        assert child.pid not in live_processes(parent=os.getpid())
    finally:
        if child.poll() is None:
            child.kill()
