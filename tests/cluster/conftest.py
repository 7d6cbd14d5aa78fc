"""Fixtures of the cluster tests: the binaries (built with the test
profile, as `cargo test` leaves them), a two-worker Dask cluster on
loopback, and the one-machine arena to compare with."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "cluster"))

from distributed import Client, LocalCluster  # noqa: E402

from runner import prepare_scheduler  # noqa: E402


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
    prepare_scheduler(client)
    return cluster, client


@pytest.fixture(scope="module")
def client():
    cluster, client = start_cluster()
    yield client
    client.close()
    cluster.close()


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
