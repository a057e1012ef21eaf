"""``pnp.printing.background``: the build's second process takes its first job through the
fork (arguments that cannot be pickled, such as a loaded game model), later jobs by pickling,
and hands back a job's error as it was raised (class, file, key)."""

from __future__ import annotations

import io
import os
import types

import pytest

from pnp.errors import LayoutError
from pnp.printing.background import Background


def _pid_and_names(model) -> tuple[int, list[str]]:
    return os.getpid(), sorted(model.names)


def _square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _refuse(reason: str) -> None:
    raise LayoutError(reason, file="data/x/rules/en.md.j2", key="rules")


@pytest.fixture(autouse=True)
def two_processes(monkeypatch):
    """The test run keeps builds to one process (conftest); these tests are about the second."""
    monkeypatch.setenv("PNP_BUILD_PROCESSES", "2")


def test_first_job_by_fork_later_jobs_in_the_same_process():
    model = types.SimpleNamespace(names=types.MappingProxyType({"b": 2, "a": 1}))   # not picklable
    background = Background.fork(_pid_and_names, model)
    if background is None:
        pytest.skip("no fork start method or a single core: builds run every job in-process")
    with background:
        child, names = background.first.result(timeout=30)
        assert names == ["a", "b"] and child != os.getpid()
        again, square = background.submit(_square, 12).result(timeout=30)
        assert square == 144 and again == child          # one process for every job


def test_a_jobs_error_keeps_its_class_file_and_key():
    background = Background.fork(_refuse, "the table is taller than a column")
    if background is None:
        pytest.skip("no fork start method or a single core")
    with background:
        with pytest.raises(LayoutError) as caught:
            background.first.result(timeout=30)
    error = caught.value
    assert (error.reason, error.file, error.key) == ("the table is taller than a column",
                                                      "data/x/rules/en.md.j2", "rules")
    assert str(error) == "data/x/rules/en.md.j2: rules: the table is taller than a column"


def test_one_process_when_the_environment_asks_for_it(monkeypatch):
    monkeypatch.setenv("PNP_BUILD_PROCESSES", "1")
    assert Background.fork(_square, 3) is None


@pytest.mark.parametrize("value", ["0", "3", "two", ""])
def test_a_bad_process_count_is_refused_naming_the_variable(monkeypatch, value):
    from pnp.errors import UsageError
    monkeypatch.setenv("PNP_BUILD_PROCESSES", value)
    with pytest.raises(UsageError, match=r"PNP_BUILD_PROCESSES=.*expected 1 \(one process\) or 2"):
        Background.fork(_square, 3)


def test_page_inks_of_a_page_range_are_those_pages_figures():
    """The build measures half the sheets' ink in each process: a range gives the same figures
    as the whole document, page for page."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.printing.figures import page_inks

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100), invariant=1)
    for share in (0.0, 0.25, 0.5, 1.0):            # each page: that share of its width in black
        if share:
            canvas.rect(0, 0, 200 * share, 100, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    whole = page_inks(pdf)
    assert [round(v, 2) for v in whole] == [0.0, 0.25, 0.5, 1.0]
    assert page_inks(pdf, first=1, stop=3) == whole[1:3] and page_inks(pdf, first=2) == whole[2:]
