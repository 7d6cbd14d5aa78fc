"""A worker killed mid-match and a stalled pair cost a retry each, never
the match: the merged games are the one-machine run's, each once."""

import os
import signal

import pytest

from cluster_support import bins, cli_cluster, client, one_machine, without_times, wrapped_arena  # noqa: F401 (fixtures)

from match import run_match


def chess_args(bins, pairs):
    augur = os.path.join(bins, "augur")
    return [
        "--engine",
        f"name=deep cmd={augur} depth=2",
        "--engine",
        f"name=shallow cmd={augur} depth=1",
        "--games",
        str(2 * pairs),
        "--seed",
        "21",
        "--random-plies",
        "4",
        "--max-plies",
        "60",
    ]


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def test_cluster_survives_a_worker_killed_mid_match(bins, tmp_path):
    """Worker processes of `dask worker` (as on other machines). Pair 0 is
    quick, the others take two seconds more (a slow arena): when pair 0 is
    in, pair 1 is under way on the other worker, whose process is killed
    (SIGKILL) there."""
    args = chess_args(bins, pairs=4)
    arena = wrapped_arena(tmp_path, bins, 'case " $* " in *" --pair 0 "*) ;; *" --pair "*) sleep 2 ;; esac')
    pgn, summary, _ = one_machine(bins, args, str(tmp_path))
    killed = []

    def kill_the_worker_playing_pair_1(pair, result, runner):
        if killed:
            return
        client = runner.client
        key = f"{runner.run_id}-1-a1"
        busy = [w for w, keys in client.processing().items() if key in keys]
        if busy:
            os.kill(client.run(os.getpid, workers=busy)[busy[0]], signal.SIGKILL)
            killed.append(busy[0])

    with cli_cluster(str(tmp_path)) as client:
        result = run_match(
            client,
            arena,
            args,
            str(tmp_path / "cluster"),
            timeout=120,
            on_result=kill_the_worker_playing_pair_1,
        )
        # The nanny brought a worker process back in the dead one's place.
        client.wait_for_workers(2, timeout=30)
    assert killed, "pair 1 was not under way when pair 0 came in"
    assert result["retries"]["worker_died"] == 1  # the one pair it was playing
    assert result["retries"]["stalled"] == 0
    # Nothing lost, nothing counted twice.
    merged = read(result["pgn"])
    rounds = [line for line in merged.splitlines() if line.startswith("[Round ")]
    assert rounds == [f'[Round "{n}"]' for n in range(1, 9)]
    assert result["pairs_finished"] == result["pairs_counted"] == 4
    assert without_times(merged) == without_times(pgn)
    assert read(result["summary"]) == summary


def test_cluster_retries_a_stalled_pair_elsewhere(client, bins, tmp_path):
    """The first attempt at pair 1 hangs (an arena wrapper that sleeps);
    after the timeout it is played again and the match is whole."""
    args = chess_args(bins, pairs=3)
    pgn, summary, _ = one_machine(bins, args, str(tmp_path))
    marker = tmp_path / "stalled-once"
    arena = wrapped_arena(
        tmp_path,
        bins,
        f'case " $* " in *" --pair 1 "*) [ -e "{marker}" ] || {{ touch "{marker}"; exec sleep 300; }} ;; esac',
    )
    result = run_match(client, arena, args, str(tmp_path / "cluster"), timeout=8)
    assert marker.exists()
    assert result["retries"] == {"worker_died": 0, "stalled": 1}
    assert result["pairs_counted"] == 3
    assert without_times(read(result["pgn"])) == without_times(pgn)
    assert read(result["summary"]) == summary


def test_cluster_match_resumes_with_the_pairs_it_kept(client, bins, tmp_path):
    """A run stopped after some pairs (here: a unit file lost, as if the
    driver had died before it) resumes: only the missing pair is played
    again (an arena that refuses the others), and the result is whole."""
    args = chess_args(bins, pairs=3)
    pgn, summary, _ = one_machine(bins, args, str(tmp_path))
    out = tmp_path / "cluster"
    arena = os.path.join(bins, "augur-arena")
    run_match(client, arena, args, str(out), timeout=120)
    (out / "units" / "pair-000001.json").unlink()
    only_pair_1 = wrapped_arena(
        tmp_path, bins, 'case " $* " in *" --pair 1 "*|*" --merge "*) ;; *) echo "pair played again" >&2; exit 3 ;; esac'
    )
    result = run_match(client, only_pair_1, args, str(out), timeout=120, resume=True)
    assert result["pairs_kept"] == 2 and result["pairs_counted"] == 3
    assert without_times(read(result["pgn"])) == without_times(pgn)
    assert read(result["summary"]) == summary
    # Other arguments do not mix with these units.
    with pytest.raises(ValueError):
        run_match(client, arena, [*args, "--max-plies", "50"], str(out), resume=True)
