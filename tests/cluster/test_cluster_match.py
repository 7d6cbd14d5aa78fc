"""A match on a two-worker local cluster gives the one-machine arena's
games and summary for the same seed, in each game; the driver's live
figures are the arena's; an SPRT decision cancels what is left."""

import io
import json
import os
import tempfile
import time

import pytest
from cluster_support import bins, client, one_machine, without_times, wrapped_arena  # noqa: F401 (fixtures)

import stats
from match import run_match, schedule_facts
from progress import Progress


def match_args(bins, variant, pairs, seed, extra=()):
    augur = os.path.join(bins, "augur")
    args = [
        "--variant",
        variant,
        "--engine",
        f"name=deep cmd={augur} depth=3",
        "--engine",
        f"name=shallow cmd={augur} depth=1",
        "--games",
        str(2 * pairs),
        "--seed",
        str(seed),
        "--random-plies",
        "2",
        "--max-plies",
        "100",
        *extra,
    ]
    if variant == "enochian":
        args.append("--divination")
    return args


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


@pytest.mark.parametrize("variant", ["chess", "ultima", "oracle", "enochian"])
def test_cluster_match_equals_the_one_machine_run(client, bins, tmp_path, variant):
    args = match_args(bins, variant, pairs=2, seed=11)
    pgn, summary, stdout = one_machine(bins, args, str(tmp_path))
    result = run_match(client, os.path.join(bins, "augur-arena"), args, str(tmp_path / "cluster"), timeout=120)
    assert result["pairs_counted"] == 2 and result["games_counted"] == 4
    assert result["retries"] == {"worker_died": 0, "stalled": 0}
    merged_pgn = read(result["pgn"])
    assert merged_pgn.count("[Round ") == 4
    assert without_times(merged_pgn) == without_times(pgn)
    assert read(result["summary"]) == summary
    # The merge prints the one-machine run's lines too.
    assert result["arena_output"] == stdout
    if variant == "enochian":
        assert '[Divination "true"]' in merged_pgn


def test_cluster_round_robin_equals_the_one_machine_run(client, bins, tmp_path):
    """Tournaments split the same way: three engines, a pair per pairing."""
    augur = os.path.join(bins, "augur")
    args = [
        "--format",
        "round-robin",
        *[a for depth in (1, 2, 3) for a in ("--engine", f"name=d{depth} cmd={augur} depth={depth}")],
        "--games",
        "2",
        "--seed",
        "8",
        "--random-plies",
        "2",
        "--max-plies",
        "80",
    ]
    pgn, summary, stdout = one_machine(bins, args, str(tmp_path))
    result = run_match(client, os.path.join(bins, "augur-arena"), args, str(tmp_path / "cluster"), timeout=120)
    assert result["pairs_counted"] == 3
    assert without_times(read(result["pgn"])) == without_times(pgn)
    assert read(result["summary"]) == summary
    assert result["arena_output"] == stdout
    assert len(json.loads(summary)["pairings"]) == 3


def test_cluster_live_figures_are_the_arenas(client, bins, tmp_path):
    """The driver's Elo, error, LOS and LLR, computed from the unit
    results, are the merged summary's."""
    args = match_args(bins, "chess", pairs=3, seed=4, extra=["--sprt", "elo0=-50,elo1=50,alpha=0.001,beta=0.001"])
    result = run_match(client, os.path.join(bins, "augur-arena"), args, str(tmp_path), timeout=120)
    summary = json.loads(read(result["summary"]))
    tally = stats.Tally()
    units = sorted(n for n in os.listdir(tmp_path / "units") if n.startswith("pair-"))
    assert len(units) == 3
    for name in units:
        tally.add_pair(json.loads(read(tmp_path / "units" / name))["games"])
    pairing = summary["pairings"][0]
    assert (tally.wins, tally.draws, tally.losses) == (pairing["wins"], pairing["draws"], pairing["losses"])
    elo, error, los = tally.estimate()
    if tally.wins not in (0, tally.games) or tally.losses not in (0, tally.games):
        assert round(elo, 1) == pairing["elo"]
        assert round(error, 1) == pairing["error95"]
    assert round(los, 4) == pairing["los"]
    assert tally.pentanomial == summary["sprt"]["pentanomial"]
    assert round(stats.llr(tally.pentanomial, -50, 50), 4) == summary["sprt"]["llr"]
    lower, upper = stats.sprt_bounds(0.001, 0.001)
    assert (round(lower, 4), round(upper, 4)) == (summary["sprt"]["lower"], summary["sprt"]["upper"])


def test_cluster_sprt_decision_cancels_the_outstanding_pairs(client, bins, tmp_path):
    """Two equal engines against H0 = +300 Elo: the SPRT accepts H0 after
    two pairs; the six pairs left are cancelled, and the result is the
    one-machine run's, which stops at the same game. Pairs after the
    first two take half a minute (a slow arena): the one under way when
    the SPRT decides is killed, not waited for."""
    augur = os.path.join(bins, "augur")
    args = [
        "--engine",
        f"name=a cmd={augur} depth=1",
        "--engine",
        f"name=b cmd={augur} depth=1",
        "--games",
        "16",
        "--seed",
        "3",
        "--random-plies",
        "4",
        "--max-plies",
        "60",
        "--sprt",
        "elo0=300,elo1=600,alpha=0.05,beta=0.05",
    ]
    pgn, summary, _ = one_machine(bins, args, str(tmp_path))
    assert json.loads(summary)["games"] == 4
    seen = {}

    def watch(pair, result, runner):
        # The tasks still outstanding when this pair came in.
        seen["futures"] = dict(runner.futures)
        seen["queued"] = len(runner.backlog)
        seen["run"] = runner.run_id

    arena = wrapped_arena(tmp_path, bins, 'case " $* " in *" --pair "[01]" "*) ;; *" --pair "*) sleep 30 ;; esac')
    started = time.monotonic()
    result = run_match(client, arena, args, str(tmp_path / "cluster"), timeout=120, on_result=watch)
    assert result["decision"] == "H0"
    assert result["pairs_counted"] == 2
    assert result["cancelled"] == 8 - result["pairs_finished"] >= 3
    assert without_times(read(result["pgn"])) == without_times(pgn)
    assert read(result["summary"]) == summary
    assert len(seen["futures"]) + seen["queued"] == result["cancelled"]
    assert seen["futures"], "no slow pair was under way"
    assert all(f.status == "cancelled" for f in seen["futures"].values())
    # No game of the run is left running on a worker.
    run_dir = os.path.join(tempfile.gettempdir(), f"augur-cluster-{seen['run']}")
    for _ in range(50):
        running = client.run(lambda: [n for n in os.listdir(run_dir) if n.isdigit()] if os.path.isdir(run_dir) else [])
        if not any(running.values()):
            break
        time.sleep(0.1)
    assert not any(running.values()), running
    assert time.monotonic() - started < 20


def test_schedule_facts_count_pairs_and_refuse_driver_flags():
    engines = ["--engine", "cmd=a", "--engine", "cmd=b", "--engine", "cmd=c"]
    assert schedule_facts([*engines[:4], "--games", "7"])[0] == 4
    assert schedule_facts([*engines, "--format", "gauntlet", "--games", "4"])[0] == 4
    assert schedule_facts([*engines, "--format", "round-robin", "--games", "2"])[0] == 3
    assert schedule_facts([*engines[:4], "--sprt", "elo0=0,elo1=10"])[2]["elo1"] == 10
    with pytest.raises(ValueError):
        schedule_facts([*engines[:4], "--pgn", "x.pgn"])


def test_progress_line_counts_rate_and_eta():
    bar = Progress(10, "pairs", 2, stream=io.StringIO(), width=10)
    text = bar.line(4, "Elo +5", now=bar.started + 60)
    assert text == "[####------] 4/10 pairs  8.0 games/min  ETA 0:01:30  Elo +5"
    assert "ETA ?" in bar.line(0, now=bar.started + 1)
