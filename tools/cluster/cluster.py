#!/usr/bin/env python3
"""Augur on a Dask distributed cluster: arena matches and self-play data
as tasks (docs/cluster.md).

  cluster.py [--scheduler tcp://HEAD:8786 | --local N] [--out DIR] \\
      match [--arena PATH] [--timeout S] [--resume] -- ARENA ARGUMENTS...
  cluster.py [--scheduler ... | --local N] [--out DIR] \\
      datagen [--selfplay PATH] --variant V --seeds A-B --games N \\
      [--shard-games K] [--timeout S] -- SELFPLAY ARGUMENTS...

`--local N` starts a cluster of N one-thread workers on this machine
(loopback) for the run; `--scheduler` joins a running one."""

import argparse
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from distributed import Client, LocalCluster  # noqa: E402

from datagen import run_datagen  # noqa: E402
from match import run_match  # noqa: E402
from runner import prepare_cluster  # noqa: E402
import augur_cluster_tasks as tasks  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def local_cluster(workers, dashboard=True):
    """`workers` one-thread worker processes on loopback, with the
    dashboard on :8787 when bokeh is installed."""
    has_bokeh = importlib.util.find_spec("bokeh") is not None
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":8787" if dashboard and has_bokeh else None,
    )


def seed_range(text):
    """`2800-2815` or `2800` as a list of seeds."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a running scheduler (tcp://HEAD:8786)")
    where.add_argument("--local", type=int, metavar="N", help="start N local workers for this run")
    parser.add_argument("--out", default=os.path.join(ROOT, "target", "cluster"), help="output directory")
    commands = parser.add_subparsers(dest="command", required=True)
    match = commands.add_parser("match", help="an arena match, a pair per task")
    match.add_argument("--arena", default=os.path.join(ROOT, "target", "release", "augur-arena"))
    match.add_argument("--timeout", type=float, default=600, help="seconds before a pair counts as stalled")
    match.add_argument("--resume", action="store_true", help="keep the pairs OUT/units/ holds from a run with the same arguments")
    match.add_argument("rest", nargs=argparse.REMAINDER, help="-- then the arena's arguments")
    data = commands.add_parser("datagen", help="self-play data, a shard of games per task")
    data.add_argument("--selfplay", default=os.path.join(ROOT, "target", "release", "augur-selfplay"))
    data.add_argument("--variant", default="chess")
    data.add_argument("--seeds", type=seed_range, required=True, help="A-B")
    data.add_argument("--games", type=int, default=4000, help="games per seed")
    data.add_argument("--shard-games", type=int, default=250, help="games per task")
    data.add_argument("--timeout", type=float, default=3600, help="seconds before a shard counts as stalled")
    data.add_argument("rest", nargs=argparse.REMAINDER, help="-- then augur-selfplay's arguments")
    args = parser.parse_args(argv)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest

    cluster = local_cluster(args.local) if args.local else None
    client = Client(cluster if cluster is not None else args.scheduler)
    try:
        prepare_cluster(client)
        if client.run_on_scheduler(tasks.has_dashboard):
            print(f"dashboard: {client.dashboard_link}", file=sys.stderr)
        if args.command == "match":
            summary = run_match(
                client, os.path.abspath(args.arena), rest, args.out, timeout=args.timeout, resume=args.resume
            )
            print(summary.pop("arena_output"), end="")
            print(json.dumps(summary, indent=1))
        else:
            summary = run_datagen(
                client,
                os.path.abspath(args.selfplay),
                rest,
                args.variant,
                args.seeds,
                args.games,
                args.shard_games,
                args.out,
                timeout=args.timeout,
            )
            print(json.dumps(summary, indent=1))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
