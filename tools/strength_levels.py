#!/usr/bin/env python3
"""Measure Augur's strength levels (UCI_LimitStrength + UCI_Elo) with augur-arena.

Two jobs, each printing a Markdown table (docs/strength-levels.md holds the
results):

  calibrate  Augur at UCI_Elo E against Debian's Stockfish at its own
             UCI_Elo E, for each E given, in standard chess: a score of 50%
             means Augur's scale matches Stockfish's at that point.
  ladder     Augur against Augur at neighbouring levels (E1 vs E2, E2 vs E3,
             ...) in one game: how far apart the levels play.

Each match plays game pairs (colours swapped) from seeded random openings,
both engines on one thread. Examples (the figures in the docs):

    cargo build --release -p augur-cli -p augur-arena
    python3 tools/strength_levels.py calibrate --elo 1500 2000 2500 --games 100 --tc 10+0.1
    python3 tools/strength_levels.py ladder --variant ultima --elo 1000 1500 2000 2500 --games 30 --tc 2+0.02
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def run_match(args, first, second, variant, seed, label):
    """One arena match; returns its pairing summary (the JSON's first pairing)."""
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "match.json")
        command = [
            args.arena,
            "--variant", variant,
            "--engine", first,
            "--engine", second,
            "--games", str(args.games),
            "--tc", args.tc,
            "--concurrency", str(args.concurrency),
            "--random-plies", str(args.random_plies),
            "--seed", str(seed),
            "--json", summary,
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{label}: arena failed: {done.stderr.strip()}")
        with open(summary) as f:
            data = json.load(f)
        pairing = data["pairings"][0]
        pairing["terminations"] = data["terminations"]
        return pairing


def augur_at(args, elo, name):
    return (f"name={name} cmd={args.augur} option.UCI_LimitStrength=true "
            f"option.UCI_Elo={elo}")


def row(label, p):
    games = p["wins"] + p["draws"] + p["losses"]
    return (f"| {label} | {games} | +{p['wins']} ={p['draws']} -{p['losses']} | "
            f"{100 * p['score']:.1f}% | {p['elo']:+.0f} +/- {p['error95']:.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("job", choices=["calibrate", "ladder"])
    ap.add_argument("--elo", type=int, nargs="+", required=True)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--augur", default="target/release/augur")
    ap.add_argument("--arena", default="target/release/augur-arena")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()

    if args.job == "calibrate":
        print("| UCI_Elo (both) | games | Augur's result | score | Elo difference |")
        print("|---|---|---|---|---|")
        for elo in args.elo:
            sf = (f"name=sf{elo} cmd={args.stockfish} option.UCI_LimitStrength=true "
                  f"option.UCI_Elo={elo}")
            p = run_match(args, augur_at(args, elo, f"augur{elo}"), sf, "chess",
                          args.seed + elo, f"calibrate {elo}")
            print(row(str(elo), p), flush=True)
    else:
        print(f"| {args.variant}: higher vs lower level | games | result | score | Elo difference |")
        print("|---|---|---|---|---|")
        levels = sorted(args.elo)
        for low, high in zip(levels, levels[1:]):
            p = run_match(args, augur_at(args, high, f"augur{high}"),
                          augur_at(args, low, f"augur{low}"), args.variant,
                          args.seed + high, f"ladder {high} vs {low}")
            print(row(f"{high} vs {low}", p), flush=True)


if __name__ == "__main__":
    main()
