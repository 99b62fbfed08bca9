"""The backends of ``treeeval task`` (treeeval/task/backends.py): in process, ``--jobs 2``
and a 2-worker Dask LocalCluster (``--scheduler``) give the same output byte for byte; the
results keep the items' order when the workers finish out of order; a scheduler that cannot
be reached is a one-line error.  The Dask tests are skipped when dask.distributed is not
installed (``pip install 'treeeval[cluster]'``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.task import backends
from treeeval.task.backends import DaskBackend, InProcess, LocalPool

NO_DASK = "dask.distributed is not installed (pip install 'treeeval[cluster]')"


def row(index: int, form: str, head: int, deprel: str) -> str:
    return "\t".join(map(str, (index, form, "_", "NOUN", "_", "_", head, deprel, "_", "_")))


def treebank(words: int) -> str:
    """Two sentences: a chain of ``words`` words, then a root with ``words - 1`` dependents."""
    chain = [row(1, "w1", 0, "root")]
    chain += [row(i, f"w{i}", i - 1, "dep") for i in range(2, words + 1)]
    flat = [row(1, "v1", 0, "root")] + [row(i, f"v{i}", 1, "obj") for i in range(2, words + 1)]
    return "\n".join(chain) + "\n\n" + "\n".join(flat) + "\n\n"


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """Five treebanks and three teams: one exact, one with heads and labels changed, one
    with a missing run and a run with a cycle."""
    for number in range(5):
        gold = treebank(3 + number)
        name = f"tb{number}.conllu"
        (tmp_path / "gold").mkdir(exist_ok=True)
        (tmp_path / "gold" / name).write_text(gold, encoding="utf-8")
        runs = {"exact": gold, "changed": gold.replace("\t1\tobj", "\t2\tdep", number + 1),
                "broken": gold.replace("\t0\troot", "\t2\troot", 1) if number == 2 else gold}
        for team, text in runs.items():
            if team == "broken" and number == 4:
                continue
            (tmp_path / "systems" / team).mkdir(parents=True, exist_ok=True)
            (tmp_path / "systems" / team / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of 2 worker processes (one thread each), as a real
    cluster's workers are processes."""
    distributed = pytest.importorskip("distributed", reason=NO_DASK)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def task_run(folder: Path, *args: str) -> tuple[int, str, str]:
    ran = run_treeeval(["task", "--layout", "folders", *args,
                        str(folder / "gold"), str(folder / "systems")], folder)
    return ran.status, ran.stdout.decode(), ran.stderr.decode()


@pytest.mark.parametrize("output", [(), ("--json",), ("--table", "ranking", "--format", "csv")])
def test_every_backend_gives_the_same_output(task: Path, scheduler: str,
                                             output: tuple[str, ...]) -> None:
    alone = task_run(task, "--jobs", "1", *output)
    assert alone[0] == 0 and "the run of broken on tb2 counts 0" in alone[2]
    assert task_run(task, "--jobs", "2", *output) == alone
    assert task_run(task, "--scheduler", scheduler, *output) == alone


def slow_first(item: int) -> int:
    """The item squared; item 0 takes a second, so that others finish before it."""
    if item == 0:
        time.sleep(1.0)
    return item * item


@pytest.mark.parametrize("kind", ["pool", "dask"])
def test_order_kept_when_workers_finish_out_of_order(kind: str, request: pytest.FixtureRequest
                                                     ) -> None:
    backend = (LocalPool(2) if kind == "pool"
               else DaskBackend(request.getfixturevalue("scheduler")))
    done: list[int] = []
    with backend:
        results = backend.map(slow_first, list(range(6)), progress=done.append)
    assert results == [0, 1, 4, 9, 16, 25]
    assert sorted(done) == list(range(6)) and done[0] != 0


def started(item: int) -> tuple[int, float]:
    """The item and when its work started (the wall clock, shared by the processes)."""
    start = time.time()
    time.sleep(0.3)
    return item, start


@pytest.mark.parametrize("kind", ["pool", "dask"])
def test_the_costliest_items_start_first(kind: str, request: pytest.FixtureRequest) -> None:
    backend = (LocalPool(2) if kind == "pool"
               else DaskBackend(request.getfixturevalue("scheduler")))
    with backend:
        results = backend.map(started, list(range(5)), cost=[1, 2, 1, 9, 5])
    assert [item for item, _ in results] == list(range(5))
    begun = sorted(range(5), key=lambda item: results[item][1])
    assert set(begun[:2]) == {3, 4} and set(begun[2:4]) == {1, 0}


def blas_threads(_: int) -> list[int]:
    """The threads of each BLAS library loaded in this process (numpy's OpenBLAS)."""
    import numpy as np
    from threadpoolctl import threadpool_info

    np.ones((2, 2)) @ np.ones((2, 2))  # numpy and its BLAS loaded
    return [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]


def test_each_pool_worker_has_one_blas_thread() -> None:
    # the pool's processes are the parallelism: a worker's BLAS threads would compete with
    # the other workers for the cores (as Dask's nannies, the pool gives each worker one)
    with LocalPool(2) as pool:
        seen = pool.map(blas_threads, [0, 1, 2, 3])
    assert seen and all(threads and set(threads) == {1} for threads in seen), seen


def test_in_process_reports_progress_in_order() -> None:
    done: list[int] = []
    assert InProcess().map(str, [3, 4], progress=done.append) == ["3", "4"]
    assert done == [0, 1]


def test_unreachable_scheduler_is_one_line(task: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed", reason=NO_DASK)
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1.0)
    start = time.perf_counter()
    status, out, err = task_run(task, "--scheduler", "tcp://127.0.0.1:1")
    assert time.perf_counter() - start < 10
    assert (status, out) == (1, "")
    assert err == ("treeeval: error: --scheduler tcp://127.0.0.1:1: cannot connect (OSError: "
                   "Timed out trying to connect to tcp://127.0.0.1:1 after 1 s)\n")
    status, _, err = task_run(task, "--scheduler", "nowhere")
    assert status == 1
    assert err == ("treeeval: error: --scheduler nowhere: cannot connect (ValueError: missing "
                   "port number in address 'nowhere')\n")


def test_scheduler_without_dask(task: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert task_run(task, "--scheduler", "tcp://h:8786") == (
        2, "", "treeeval: error: --scheduler needs dask.distributed: pip install "
               "'treeeval[cluster]'\n")


@pytest.mark.parametrize("args, message", [
    (["--jobs", "2", "--scheduler", "tcp://h:8786", "/g", "/s"],
     "--jobs cannot go with --scheduler (the cluster's workers score)"),
    (["--scheduler", "tcp://h:8786", "/g", "s"],
     "--scheduler: the workers read the files: give GOLD_DIR and SYSTEMS_DIR as absolute "
     "paths (s is not)"),
])
def test_scheduler_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    ran = run_treeeval(["task", *args], tmp_path)
    assert (ran.status, ran.stderr.decode()) == (2, f"treeeval: error: {message}\n")
