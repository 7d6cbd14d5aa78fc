#!/usr/bin/env python3
"""Measures how fast Augur answers `isready` and `stop` during an infinite
search, over real pipes (the figures the protocol promises; kept out of the
pass/fail tests so a loaded machine cannot fail the suite).

Usage: python3 tools/uci_latency.py [--engine target/release/augur] [--rounds 20]
"""
import argparse
import statistics
import subprocess
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/augur")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait(prefix):
        start = time.perf_counter()
        for line in proc.stdout:
            if line.startswith(prefix):
                return (time.perf_counter() - start) * 1000
        raise SystemExit(f"engine exited before {prefix}")

    send("uci")
    wait("uciok")
    ready, stop = [], []
    for _ in range(args.rounds):
        send("position startpos")
        send("go infinite")
        time.sleep(0.2)
        t0 = time.perf_counter()
        send("isready")
        wait("readyok")
        ready.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        send("stop")
        wait("bestmove")
        stop.append((time.perf_counter() - t0) * 1000)
    send("quit")
    proc.wait()
    for name, values in (("isready -> readyok", ready), ("stop -> bestmove", stop)):
        print(f"{name}: median {statistics.median(values):.2f} ms, max {max(values):.2f} ms over {len(values)} searches")


if __name__ == "__main__":
    main()
