"""Distributed self-play data (the network data `tools/nnue_data.sh` makes
on one machine): each seed's games are cut into shards of consecutive
games (`augur-selfplay --seed S --first-game K --games N`), played as
tasks, and written back in game order, so that OUT/VARIANT-SEED.txt is
byte for byte the file `augur-selfplay --seed S --games TOTAL` writes on
one machine. Any game (`--variant`) and any selfplay flag can be asked
for. A kept file is skipped, so an interrupted run resumes."""

import os
import time

from progress import Progress
from runner import Runner
import augur_cluster_tasks as tasks


def shards(games, shard_games):
    """(first game, games) of each shard of a seed's `games` games."""
    step = max(shard_games, 1)
    return [(first, min(step, games - first)) for first in range(0, games, step)]


def _collect(runner, pieces, cuts, variant, out_dir, bar, on_result):
    """Takes the shards as they finish (`pieces`: per seed, its shards in
    so far by first game) and writes each seed's file once all its shards
    are in, in game order; returns the positions made."""
    done = 0
    positions = 0
    for (seed, cut), result in runner.results():
        pieces[seed][cut[0]] = result["data"]
        positions += result["data"].count(b"\n")
        done += 1
        if len(pieces[seed]) == len(cuts):
            path = os.path.join(out_dir, f"{variant}-{seed}.txt")
            with open(path + ".part", "wb") as file:
                for first, _ in cuts:
                    file.write(pieces[seed][first])
            os.replace(path + ".part", path)
            pieces[seed] = {}
        bar.update(done, f"{positions} positions")
        if on_result is not None:
            on_result((seed, cut), result, runner)
    return positions


def run_datagen(
    client,
    selfplay,
    selfplay_args,
    variant,
    seeds,
    games,
    shard_games,
    out_dir,
    timeout=3600,
    on_result=None,
    progress=None,
):
    """Plays `games` games of each seed of `seeds` on the cluster and
    writes OUT/VARIANT-SEED.txt per seed; returns a summary (a dict)."""
    os.makedirs(out_dir, exist_ok=True)
    args = ["--variant", variant, *selfplay_args]
    cuts = shards(games, shard_games)
    wanted = [s for s in seeds if not os.path.exists(os.path.join(out_dir, f"{variant}-{s}.txt"))]
    runner = Runner(
        client,
        tasks.run_shard,
        lambda item: (selfplay, args, item[0], item[1][0], item[1][1], timeout),
        "shard",
    )
    for order, seed in enumerate(wanted):
        for cut in cuts:
            runner.submit((seed, cut), priority=-order)
    total = len(wanted) * len(cuts)
    bar = progress if progress is not None else Progress(total, "shards", max(shard_games, 1))
    started = time.monotonic()
    try:
        positions = _collect(runner, {seed: {} for seed in wanted}, cuts, variant, out_dir, bar, on_result)
    except BaseException:
        # Interrupted (Ctrl-C) or failed: nothing of this run goes on.
        runner.cancel_all()
        raise
    finally:
        bar.close()
    seconds = time.monotonic() - started
    return {
        "seeds": list(seeds),
        "written": wanted,
        "shards": total,
        "positions": positions,
        "retries": dict(runner.retries),
        "shards_per_worker": dict(sorted(runner.per_worker.items())),
        "seconds": round(seconds, 2),
    }
