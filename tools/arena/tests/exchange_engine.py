#!/usr/bin/env python3
"""A scripted engine for testing the arena's exchange relay (Enochian chess).

It wraps a real engine (any command after `--`, e.g. augur-greedy) and passes
every line through, except:
  go                 the first --offers times (counted per process) in a
                     position at most --max-ply plies from the start, answers
                     `bestmove exchange` itself (the position must allow it)
  exchange offer     answers `exchange <--answer>` itself (accept|decline)
  exchange declined  remembered: the `go` that follows goes to the engine
With --log FILE it appends every line it receives to FILE.
Usage: exchange_engine.py [--offers N] [--max-ply P] [--answer accept|decline]
                          [--log FILE] -- CMD...
"""
import argparse
import subprocess
import sys
import threading


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--offers", type=int, default=0)
    ap.add_argument("--max-ply", type=int, default=1)
    ap.add_argument("--answer", choices=["accept", "decline"], default="decline")
    ap.add_argument("--log")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd and args.cmd[0] == "--" else args.cmd
    inner = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lock = threading.Lock()

    def say(line):
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def pump():
        for line in inner.stdout:
            say(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    log = open(args.log, "a") if args.log else None
    offers = 0
    declined = False
    ply = 0
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0] == "position":
            declined = False
            moves = tokens[tokens.index("moves") + 1:] if "moves" in tokens else []
            ply = len([m for m in moves if not m.endswith(":")])
        elif tokens[0] == "go" and offers < args.offers and not declined and ply <= args.max_ply:
            offers += 1
            say("bestmove exchange")
            continue
        elif tokens[:2] == ["exchange", "offer"]:
            say("info string scripted answer")
            say("exchange " + args.answer)
            continue
        elif tokens[:2] == ["exchange", "declined"]:
            declined = True
            continue
        inner.stdin.write(line)
        inner.stdin.flush()
        if tokens[0] == "quit":
            break
    inner.wait(timeout=5)


if __name__ == "__main__":
    main()
