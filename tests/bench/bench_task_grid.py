"""Time ``treeeval task`` on a simulated CoNLL 2018-sized grid (26 teams x 82 treebanks) on
every backend, and estimate the time on a bigger cluster.

Run from the repository: ``python tests/bench/bench_task_grid.py [--teams 26]
[--treebanks 82] [--scale 1] [--resamples 10000] [--keep DIR]``.  It needs psutil and
dask.distributed (``pip install 'treeeval[cluster]'``).

**The grid**, built from ../shared/data/ud/conll2018 (5 gold treebanks, 7 real systems):

* each gold file is cut into *segments* at the points where the gold and every real system
  end a sentence at the same character, so that a segment's gold sentences and each
  system's sentences hold the same text (the systems keep their own tokenization and
  sentence splits);
* treebank k takes its segments (drawn with replacement) from gold file k mod 5 until it
  has its size in words: sizes are log-normal around 15,000 words (sigma 0.8, at least 2,000;
  the largest is set to 175,000 words, cs_pdt's test set), times ``--scale``; its gold is
  perturbed (2% of DEPRELs made ``dep``, 1% of UPOS made ``X``);
* team t starts from real system t mod 7 (another real system where that one has no file
  for the gold file) and changes 0-6% of its heads (within the tree: never the root, never
  a descendant, so no cycle), 0-6% of its DEPRELs and 0-4% of its UPOS and FEATS; each team
  perturbs each real system's file once, and each of its runs takes the treebank's segments
  from it.  About 1% of the runs are missing (they count 0).

**The runs**: ``treeeval task --layout folders --json GOLD SYSTEMS`` in a fresh process,
with ``--stat bootstrap --resamples N`` (the default; ``--stat none`` for the scoring
alone), on ``--jobs 1``, ``--jobs 2`` and ``--scheduler`` on a LocalCluster of 2 worker
processes (one thread each; its start is not timed): the wall time, the CPU time of the
command and its workers, the peak memory of the largest process and of all of them
(psutil, sampled every 0.1 s) and a hash of stdout + stderr, which must be the same for
the three.

**The model**: the grid scored in this process once more, twice: without tests and with
the task's tests (each team against the best of the treebank on LAS, MLAS and BLEX, as
``--stat`` runs them); the CPU time of each treebank taken from the backend's ``progress``
calls; then the treebanks dealt to W workers largest first, each free worker taking the
next, as the pool and Dask do: the time on W workers.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from treeeval.stats.defaults import DEFAULT_SEED  # noqa: E402
from treeeval.task.backends import InProcess  # noqa: E402
from treeeval.task.layout import find_grid  # noqa: E402
from treeeval.task.runs import score_grid  # noqa: E402
from treeeval.task.significance import TaskStat  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "ud" / "conll2018"
LARGEST = 175_000


@dataclass
class Source:
    """A real gold file cut into segments: the gold's sentence blocks per segment, each real
    system's per segment, and the words of each segment."""

    name: str
    gold: list[list[str]]
    systems: dict[str, list[list[str]]]
    words: np.ndarray


def blocks(path: Path) -> list[str]:
    """The sentence blocks of a CoNLL-U file, each ending with its blank line."""
    return [b.strip("\n") + "\n\n" for b in path.read_text(encoding="utf-8").split("\n\n")
            if b.strip()]


def characters(block: str) -> int:
    """The non-space characters of a sentence's tokens (a multiword token's own form)."""
    count, covered = 0, 0
    for line in block.split("\n"):
        cols = line.split("\t")
        if len(cols) != 10 or "." in cols[0]:
            continue
        if "-" in cols[0]:
            covered = int(cols[0].split("-")[1])
        elif int(cols[0]) <= covered:
            continue
        count += len("".join(cols[1].split()))
    return count


def cut(parts: list[str], ends: list[int]) -> list[list[str]]:
    """The sentence blocks grouped into segments ending at the character offsets ``ends``."""
    offsets = list(itertools.accumulate(characters(b) for b in parts))
    segments, start = [], 0
    for end in ends:
        stop = offsets.index(end, start) + 1
        segments.append(parts[start:stop])
        start = stop
    return segments


def source(name: str) -> Source:
    gold = blocks(DATA / "gold" / f"{name}.conllu")
    systems = {team.name: blocks(team / f"{name}.conllu")
               for team in sorted((DATA / "systems").iterdir())
               if (team / f"{name}.conllu").exists()}
    common = set(itertools.accumulate(characters(b) for b in gold))
    for parts in systems.values():
        common &= set(itertools.accumulate(characters(b) for b in parts))
    ends = sorted(common)
    segments = cut(gold, ends)
    words = np.array([sum(line[:1].isdigit() and "\t" in line and "-" not in line.split("\t")[0]
                          for block in segment for line in block.split("\n"))
                      for segment in segments])
    return Source(name, segments, {team: cut(parts, ends) for team, parts in systems.items()},
                  words)


def perturb_gold(segment: list[str], rng: np.random.Generator) -> str:
    """A gold segment with 2% of its DEPRELs made ``dep`` and 1% of its UPOS made ``X``."""
    lines = "".join(segment).split("\n")
    for index, line in enumerate(lines):
        cols = line.split("\t")
        if len(cols) == 10 and cols[0].isdigit():
            draw = rng.random()
            if draw < 0.02:
                cols[7] = "dep"
            elif draw < 0.03:
                cols[3] = "X"
            lines[index] = "\t".join(cols)
    return "\n".join(lines)


def perturb_sentence(block: str, rng: np.random.Generator, heads: float, labels: float,
                     tags: float) -> str:
    """A system sentence with heads, DEPRELs, UPOS and FEATS changed at the given rates; a
    head moves to a word that is not its descendant (the tree stays a tree)."""
    lines = block.split("\n")
    words = {cols[0]: (i, cols) for i, cols in
             ((i, line.split("\t")) for i, line in enumerate(lines))
             if len(cols) == 10 and cols[0].isdigit()}
    ids = list(words)
    for word, (index, cols) in words.items():
        draw = rng.random(3)
        if draw[0] < heads and cols[6] not in ("0", "_") and len(ids) > 2:
            below = descendants(word, words)
            choices = [w for w in ids if w not in below and w != cols[6]]
            if choices:
                cols[6] = choices[int(rng.integers(len(choices)))]
        if draw[1] < labels:
            cols[7] = "dep" if cols[7] != "dep" else "obl"
        if draw[2] < tags:
            cols[3], cols[5] = "X", "_"
        lines[index] = "\t".join(cols)
    return "\n".join(lines)


def descendants(word: str, words: dict[str, tuple[int, list[str]]]) -> set[str]:
    """``word`` and every word below it."""
    children: dict[str, list[str]] = {}
    for child, (_, cols) in words.items():
        children.setdefault(cols[6], []).append(child)
    found, todo = {word}, [word]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def build(folder: Path, teams: int, treebanks: int, scale: float,
          rng: np.random.Generator) -> list[int]:
    """The grid written into ``folder`` (gold/, systems/TEAM/); each treebank's words."""
    sources = [source(path.stem) for path in sorted((DATA / "gold").glob("*.conllu"))]
    real = sorted(path.name for path in (DATA / "systems").iterdir())
    sizes = np.maximum(2000, rng.lognormal(np.log(15_000), 0.8, treebanks))
    sizes[int(rng.integers(treebanks))] = LARGEST
    sizes = (sizes * scale).astype(int)
    picks, written = [], []
    (folder / "gold").mkdir(parents=True)
    for k, size in enumerate(sizes):
        src = sources[k % len(sources)]
        chosen: list[int] = []
        while sum(src.words[chosen]) < size:
            chosen.extend(rng.integers(len(src.gold), size=64).tolist())
        chosen = chosen[:int(np.searchsorted(np.cumsum(src.words[chosen]), size)) + 1]
        picks.append(chosen)
        written.append(int(src.words[chosen].sum()))
        text = "".join(perturb_gold(src.gold[i], rng) for i in chosen)
        (folder / "gold" / f"tb{k:02d}.conllu").write_text(text, encoding="utf-8")
    for t in range(teams):
        rates = rng.uniform(0, [0.06, 0.06, 0.04])
        team = folder / "systems" / f"team{t:02d}"
        team.mkdir(parents=True)
        runs = {}
        for src in sources:
            base = real[t % len(real)]
            base = base if base in src.systems else sorted(src.systems)[t % len(src.systems)]
            runs[src.name] = ["".join(perturb_sentence(b, rng, *rates) for b in segment)
                              for segment in src.systems[base]]
        for k, chosen in enumerate(picks):
            if rng.random() < 0.01:
                continue
            text = "".join(runs[sources[k % len(sources)].name][i] for i in chosen)
            (team / f"tb{k:02d}.conllu").write_text(text, encoding="utf-8")
    return written


def disk_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


class Peak:
    """The peak resident memory of the processes below this one, sampled every 0.1 s: the
    largest process, and all of them together; and the CPU time (user + system) they spent
    meanwhile (the machine is shared: the CPU time does not depend on the load, the wall
    time does)."""

    def __init__(self) -> None:
        self.largest = self.total = 0
        self.cpu = 0.0
        self._seen: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> Peak:
        self._before = self._cpu_now()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.cpu = self._cpu_now() - self._before

    @staticmethod
    def _cpu_now() -> float:
        """CPU time of the finished children (the command and its pool, once waited for)
        and of the live ones (the Dask workers)."""
        done = resource.getrusage(resource.RUSAGE_CHILDREN)
        live = 0.0
        for process in psutil.Process().children(recursive=True):
            try:
                times = process.cpu_times()
                live += times.user + times.system
            except psutil.Error:
                continue
        return done.ru_utime + done.ru_stime + live

    def _sample(self) -> None:
        me = psutil.Process()
        while not self._stop.wait(0.1):
            sizes = []
            for process in me.children(recursive=True):
                try:
                    sizes.append(process.memory_info().rss)
                except psutil.Error:
                    continue
            self.largest = max(self.largest, max(sizes, default=0))
            self.total = max(self.total, sum(sizes))


def run_task(folder: Path, options: list[str]) -> tuple[float, Peak, str]:
    """``treeeval task --json`` in a fresh process: wall time, peak memory, output hash."""
    command = [sys.executable, "-m", "treeeval", "task", "--layout", "folders", "--json",
               *options, str(folder / "gold"), str(folder / "systems")]
    start = time.perf_counter()
    with Peak() as peak:
        ran = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    took = time.perf_counter() - start
    assert ran.returncode == 0, ran.stderr.decode()[-2000:]
    return took, peak, hashlib.sha256(ran.stdout + b"\0" + ran.stderr).hexdigest()[:16]


def per_treebank_times(folder: Path, testing: TaskStat | None) -> list[float]:
    """Each treebank's CPU time in this process, scored (and with ``testing`` tested), from
    the backend's progress calls; in the grid's order."""
    grid = find_grid(str(folder / "gold"), str(folder / "systems"), "folders")
    stamps = [time.process_time()]
    score_grid(grid, backend=InProcess(), testing=testing,
               progress=lambda _: stamps.append(time.process_time()))
    return list(np.diff(stamps))


def makespan(costs: list[float], workers: int) -> float:
    """The items dealt largest first to ``workers`` (each free worker takes the next one).

    >>> makespan([1, 1, 3, 1], 2)
    3.0
    """
    free = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        free[free.index(min(free))] += cost
    return max(free)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=26)
    parser.add_argument("--treebanks", type=int, default=82)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--stat", choices=("bootstrap", "ar", "none"), default="bootstrap",
                        help="the task's test (default bootstrap; none: the scoring alone)")
    parser.add_argument("--model-only", action="store_true",
                        help="skip the three backends' runs: the cost model alone")
    parser.add_argument("--keep", metavar="DIR",
                        help="build the grid in DIR and keep it (a grid already there is used)")
    options = parser.parse_args()
    folder = Path(options.keep) if options.keep else Path(tempfile.mkdtemp()) / "grid"
    start = time.perf_counter()
    if (folder / "gold").exists():
        words = [sum(line[:1].isdigit() and "-" not in line.split("\t")[0]
                     for line in path.read_text(encoding="utf-8").split("\n"))
                 for path in sorted((folder / "gold").glob("*.conllu"))]
    else:
        words = build(folder, options.teams, options.treebanks, options.scale,
                      np.random.default_rng(1))
    runs = sum(1 for _ in (folder / "systems").rglob("*.conllu"))
    print(f"grid: {options.teams} teams x {options.treebanks} treebanks, {runs} runs present, "
          f"{sum(words):,} gold words (largest {max(words):,}), "
          f"{disk_size(folder) / 2**20:,.0f} MiB on disk, built in "
          f"{time.perf_counter() - start:.0f} s ({folder})")
    from distributed import LocalCluster

    stat = [] if options.stat == "none" else ["--stat", options.stat,
                                              "--resamples", str(options.resamples)]
    hashes = set()
    backends = (("--jobs 1", ["--jobs", "1"]), ("--jobs 2", ["--jobs", "2"]),
                ("dask LocalCluster, 2 workers", None))
    for name, backend in backends[:0] if options.model_only else backends:
        if backend is None:
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster:
                took, peak, digest = run_task(
                    folder, stat + ["--scheduler", cluster.scheduler_address])
        else:
            took, peak, digest = run_task(folder, stat + backend)
        hashes.add(digest)
        print(f"{name:30}{took:7.1f} s wall {peak.cpu:7.1f} s CPU   peak "
              f"{peak.largest / 2**20:4.0f} MiB largest, {peak.total / 2**20:4.0f} MiB all   "
              f"output {digest}   load {os.getloadavg()[0]:.1f}", flush=True)
    print("outputs identical:", len(hashes) <= 1)
    scoring = per_treebank_times(folder, None)
    print(f"in process, scoring (CPU): total {sum(scoring):.1f} s, largest treebank "
          f"{max(scoring):.1f} s, {sum(scoring) / runs * 1000:.0f} ms per run, "
          f"{sum(scoring) / (sum(words) * options.teams) * 1e6:.2f} us per word", flush=True)
    columns = [("scoring", scoring)]
    if options.stat != "none":
        testing = TaskStat(options.stat, options.resamples, DEFAULT_SEED, ("LAS", "MLAS", "BLEX"))
        tested = per_treebank_times(folder, testing)
        largest = int(np.argmax(tested))
        print(f"in process, scoring and {options.stat} (CPU): total {sum(tested):.1f} s, largest "
              f"treebank {tested[largest]:.1f} s ({scoring[largest]:.1f} s of it scoring)")
        columns.append((f"with {options.stat}", tested))
    for workers in (1, 2, 8, 32):
        print(f"model, {workers:2} workers: " + ", ".join(
            f"{name} {makespan(costs, workers):6.1f} s" for name, costs in columns))
    return 0 if len(hashes) <= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
