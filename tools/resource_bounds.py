#!/usr/bin/env python3
"""Measures Augur's memory against its Hash and Threads settings over real
pipes, reading the process's own counters (/proc/<pid>/status: VmHWM is the
peak resident set, VmRSS the current one). Linux only.

Three tables (markdown), for docs/reliability.md:
  1. peak RSS after a search that fills the table, per Hash value;
  2. peak RSS and search health per Threads value (up to far beyond the
     core count);
  3. RSS over many games that change Hash and Threads between them (a leak
     would make it grow).

Usage: python3 tools/resource_bounds.py [--engine target/release/augur]
       [--variant chess] [--quick]
"""
import argparse
import os
import subprocess
import sys
import time


def status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024  # kB -> MB
    raise SystemExit(f"no {field} in /proc/{pid}/status")


class Engine:
    def __init__(self, path, variant, hash_mb, threads):
        """Starts the engine the way a GUI does: options, then isready."""
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send(f"setoption name Threads value {threads}")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise SystemExit(f"engine exited before {prefix}")

    def ready(self):
        self.send("isready")
        return self.wait("readyok")

    def search(self, go):
        self.send("position startpos")
        self.send(go)
        return self.wait("bestmove")

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=30)
        return self.p.returncode


def last_info(lines):
    infos = [l for l in lines if l.startswith("info depth")]
    return infos[-1] if infos else ""


def field(info, name):
    words = info.split()
    return words[words.index(name) + 1] if name in words else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/augur")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--quick", action="store_true", help="smaller sizes, shorter searches")
    args = ap.parse_args()
    think = 1000 if args.quick else 3000

    # Baseline: the smallest table, no search.
    e = Engine(args.engine, args.variant, 1, 1)
    base = status(e.p.pid, "VmRSS")
    e.quit()
    print(f"Baseline (Hash 1, no search): {base} MB resident\n")

    print("| Hash (MB) | Threads | search | hashfull | peak RSS (MB) | RSS - Hash (MB) |")
    print("|---:|---:|---|---:|---:|---:|")
    hashes = [1, 16, 64, 256] if args.quick else [1, 16, 64, 256, 1024, 4096]
    for hash_mb in hashes:
        for threads in (1, 2):
            e = Engine(args.engine, args.variant, hash_mb, threads)
            info = last_info(e.search(f"go movetime {think}"))
            peak = status(e.p.pid, "VmHWM")
            e.quit()
            print(f"| {hash_mb} | {threads} | movetime {think} | {field(info, 'hashfull')} | {peak} | {peak - hash_mb} |")
    sys.stdout.flush()

    print(f"\n| Threads | go movetime {think // 2}: bestmove after (ms) | nodes | depth | peak RSS (MB), Hash 16 |")
    print("|---:|---:|---:|---:|---:|")
    for threads in [1, 2, 4, 8, 64, 256, 1024]:
        e = Engine(args.engine, args.variant, 16, threads)
        start = time.perf_counter()
        info = last_info(e.search(f"go movetime {think // 2}"))
        took = (time.perf_counter() - start) * 1000
        peak = status(e.p.pid, "VmHWM")
        code = e.quit()
        if code != 0:
            raise SystemExit(f"Threads {threads}: exit code {code}")
        print(f"| {threads} | {took:.0f} | {field(info, 'nodes')} | {field(info, 'depth')} | {peak} |")
    sys.stdout.flush()

    games = 60 if args.quick else 300
    print(f"\n{games} games of 4 searches each, Hash and Threads changed before every game:\n")
    print("| after game | Hash now | Threads now | RSS (MB) | peak so far (MB) |")
    print("|---:|---:|---:|---:|---:|")
    e = Engine(args.engine, args.variant, 64, 2)
    cycle = [(16, 1), (64, 2), (8, 4), (128, 3), (32, 1), (64, 8)]
    for game in range(1, games + 1):
        hash_mb, threads = cycle[game % len(cycle)]
        e.send(f"setoption name Hash value {hash_mb}")
        e.send(f"setoption name Threads value {threads}")
        e.send("ucinewgame")
        e.ready()
        for _ in range(4):
            e.search("go nodes 20000")
        if game % (games // 6) == 0 or game == 1:
            # Report each row with the same settings, so rows compare.
            e.send("setoption name Hash value 64")
            e.send("setoption name Threads value 2")
            e.ready()
            e.search("go nodes 20000")
            print(f"| {game} | 64 | 2 | {status(e.p.pid, 'VmRSS')} | {status(e.p.pid, 'VmHWM')} |")
            sys.stdout.flush()
    code = e.quit()
    if code != 0:
        raise SystemExit(f"exit code {code}")


if __name__ == "__main__":
    main()
