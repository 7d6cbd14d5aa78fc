"""Fixtures and helpers of the cluster tests: the binaries (built with the
test profile, as `cargo test` leaves them), a two-worker Dask cluster on
loopback (in this process, or as `dask scheduler`/`dask worker`
processes), the one-machine arena to compare with, and a slowed-down
arena. (No conftest.py: tests/browser imports its own by that name.)"""

import contextlib
import os
import re
import stat
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "cluster"))

from distributed import Client, LocalCluster  # noqa: E402

from runner import prepare_cluster  # noqa: E402


def start_cluster():
    """Two one-thread worker processes on loopback; the driver's scheduler
    settings applied."""
    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    client = Client(cluster)
    prepare_cluster(client)
    return cluster, client


@contextlib.contextmanager
def cli_cluster(directory, workers=2):
    """docs/cluster.md's commands on loopback: a `dask scheduler` and
    `dask worker` processes (each a nanny restarting its worker process),
    started in `directory` without the driver's path, so that the task
    code reaches them as it reaches another machine (uploaded by the
    driver). Yields a client with the driver's settings applied."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    address_file = os.path.join(directory, "scheduler.json")
    quiet = {"cwd": directory, "env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    cli = [sys.executable, "-m"]
    processes = [
        subprocess.Popen(
            [*cli, "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0"]
            + ["--no-dashboard", "--scheduler-file", address_file],
            **quiet,
        )
    ]
    client = None
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(address_file) and time.monotonic() < deadline:
            time.sleep(0.1)
        for _ in range(workers):
            processes.append(
                subprocess.Popen(
                    [*cli, "distributed.cli.dask_worker", "--scheduler-file", address_file]
                    + ["--nworkers", "1", "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"],
                    **quiet,
                )
            )
        client = Client(scheduler_file=address_file, timeout=60)
        client.wait_for_workers(workers, timeout=60)
        prepare_cluster(client)
        yield client
    finally:
        if client is not None:
            client.close()
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def without_times(pgn):
    """A PGN without the move times of its comments (`{+0.31/2 0.004s}`):
    the only part of a game that differs between two runs of it."""
    return re.sub(r" \d+\.\d{3}s\}", "}", pgn)


def one_machine(bins, arena_args, out_dir):
    """The one-machine arena run (one game at a time): (PGN, summary JSON
    text, standard output)."""
    pgn, summary = os.path.join(out_dir, "one.pgn"), os.path.join(out_dir, "one.json")
    done = subprocess.run(
        [os.path.join(bins, "augur-arena"), *arena_args, "--pgn", pgn, "--json", summary],
        capture_output=True,
        text=True,
        check=True,
    )
    with open(pgn, encoding="utf-8") as a, open(summary, encoding="utf-8") as b:
        return a.read(), b.read(), done.stdout


def wrapped_arena(tmp_path, bins, before):
    """An arena that runs the shell lines `before` (with its arguments in
    "$*") and then the real one."""
    path = tmp_path / "wrapped-arena"
    path.write_text(f'#!/bin/sh\n{before}\nexec "{os.path.join(bins, "augur-arena")}" "$@"\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture(scope="session")
def bins():
    """Directory of augur, augur-arena and augur-selfplay (built if needed)."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    subprocess.run(
        ["cargo", "build", "--quiet", "--profile", "test", "-p", "augur-cli", "-p", "augur-arena", "-p", "augur-selfplay"],
        cwd=ROOT,
        check=True,
    )
    return os.path.join(target, "debug")


@pytest.fixture(scope="module")
def client():
    cluster, client = start_cluster()
    yield client
    client.close()
    cluster.close()
