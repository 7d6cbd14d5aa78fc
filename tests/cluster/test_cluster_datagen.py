"""Self-play data made in shards on the cluster is byte for byte the file
one `augur-selfplay` run writes with the same seed, in any game."""

import os
import subprocess

import pytest
from cluster_support import bins, client  # noqa: F401 (fixtures)

from datagen import run_datagen, shards


def test_shards_cover_the_games_in_order():
    assert shards(5, 2) == [(0, 2), (2, 2), (4, 1)]
    assert shards(4, 10) == [(0, 4)]


@pytest.mark.parametrize("variant", ["chess", "ultima"])
def test_cluster_datagen_is_byte_identical_to_one_run(client, bins, tmp_path, variant):
    selfplay = os.path.join(bins, "augur-selfplay")
    flags = ["--nodes", "150", "--random-plies", "4", "--scores"]
    reference = tmp_path / "one.txt"
    subprocess.run(
        [selfplay, "--variant", variant, *flags, "--seed", "7", "--games", "5", "--threads", "1", "--out", str(reference)],
        check=True,
        capture_output=True,
    )
    out = tmp_path / "cluster"
    summary = run_datagen(client, selfplay, flags, variant, [7, 8], 5, 2, str(out), timeout=120)
    assert summary["shards"] == 6 and summary["retries"] == {"worker_died": 0, "stalled": 0}
    data = (out / f"{variant}-7.txt").read_bytes()
    assert data == reference.read_bytes()
    assert data.count(b"\n") > 20
    assert (out / f"{variant}-8.txt").read_bytes() != data
    # A kept file is not made again.
    again = run_datagen(client, selfplay, flags, variant, [7, 8], 5, 2, str(out), timeout=120)
    assert again["written"] == [] and again["shards"] == 0
