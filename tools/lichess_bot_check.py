#!/usr/bin/env python3
"""Plays one game of lichess-bot, with its shipped config.yml.default, on
Augur, against lichess-bot's own offline fake lichess.org.

lichess-bot's test harness (test_bot/lichess.py) imitates the lichess.org
API without a network: a game stream fed from a queue, and the moves the
bot sends coming back through another. This script loads lichess-bot's
config.yml.default unchanged except for what the harness itself changes
(no token, the PGN folder) and the engine's place (engine.dir and
engine.name point at the Augur binary); its uci_options (Move Overhead,
Threads, Hash, SyzygyPath "./syzygy/", UCI_ShowWDL) reach Augur as
shipped. The bot plays Black against a White that plays random legal
moves (seeded); the check passes when Augur mates it, with every option
accepted (python-chess, which lichess-bot drives engines with, refuses an
option the engine does not announce, and the bot then never moves).

lichess-bot is not vendored: give a checkout of it (or a bare git
repository of it, which is exported to a temporary folder) with
--lichess-bot. It needs its requirements (pip install -r requirements.txt
in the checkout: python-chess, PyYAML, requests, backoff, rich).

Usage: python3 tools/lichess_bot_check.py --lichess-bot PATH
       [--engine target/release/augur] [--seed 1] [--timeout 600]

Not part of the test suite (it needs lichess-bot and a release build).
"""

import argparse
import datetime
import logging
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading


def export_checkout(path, into):
    """A working copy of lichess-bot: `path` itself, or its HEAD exported
    into `into` when `path` is a bare git repository."""
    if os.path.isfile(os.path.join(path, "lichess-bot.py")):
        return os.path.abspath(path)
    archive = subprocess.run(["git", "--git-dir", path, "archive", "HEAD"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return into


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lichess-bot", required=True,
                        help="a lichess-bot checkout or bare git repository")
    parser.add_argument("--engine", default=os.path.join(repo, "target", "release", "augur"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds before the game counts as failed")
    args = parser.parse_args()
    engine = os.path.abspath(args.engine)
    if not os.access(engine, os.X_OK):
        sys.exit(f"no engine at {engine}: run cargo build --release first")

    work = tempfile.mkdtemp(prefix="augur-lichess-bot-")
    try:
        bot = export_checkout(args.lichess_bot, work)
        os.chdir(bot)  # lichess-bot reads its files relative to its folder
        sys.path.insert(0, bot)
        sys.argv = [sys.argv[0]]  # lichess-bot's modules read no arguments here
        result = play(bot, engine, args.seed, args.timeout, work)
    finally:
        os.chdir(repo)
        shutil.rmtree(work, ignore_errors=True)
    print(f"lichess_bot_check: {result}")
    sys.exit(0 if result.startswith("passed") else 1)


def play(bot, engine, seed, timeout, work):
    """Plays the game; returns a one-line verdict starting with `passed`
    or `failed`."""
    import chess
    import yaml
    from multiprocessing import Manager
    from lib import config, lichess_bot
    from lib.timer import Timer, seconds
    import test_bot.lichess

    with open(os.path.join(bot, "config.yml.default")) as file:
        raw = yaml.safe_load(file)
    shipped_options = dict(raw["engine"].get("uci_options") or {})
    raw["token"] = ""
    raw["pgn_directory"] = os.path.join(work, "games")
    raw["engine"]["dir"] = os.path.dirname(engine)
    raw["engine"]["name"] = os.path.basename(engine)
    print(f"uci_options as shipped: {shipped_options}")

    lichess_bot.logging_configurer(logging.INFO, None, True)
    config.insert_default_values(raw)
    settings = config.Configuration(raw)
    manager = Manager()
    board_queue = manager.Queue()
    clock_queue = manager.Queue()
    move_queue = manager.Queue()
    li = test_bot.lichess.Lichess(move_queue, board_queue, clock_queue)
    profile = li.get_profile()
    lichess_bot.disable_restart()
    verdict = {}

    def white(rng):
        """The fake lichess.org's side: White moves at random; Black's
        moves come from the bot (as lichess-bot's own simulator)."""
        board = chess.Board()
        wtime = btime = seconds(60)
        increment = seconds(2)
        while not board.is_game_over():
            timer = Timer()
            if board.turn == chess.WHITE:
                board.push(rng.choice(list(board.legal_moves)))
                board_queue.put(board)
                clock_queue.put((wtime, btime, increment))
            else:
                while (move := move_queue.get()) is None:
                    board_queue.put(board)
                    clock_queue.put((wtime, btime, increment))
                    move_queue.task_done()
                if move not in board.legal_moves:
                    verdict["illegal"] = move.uci()
                    move_queue.task_done()
                    break
                board.push(move)
                move_queue.task_done()
                btime = btime - timer.time_since_reset() + increment
        verdict["board"] = board
        board_queue.put(board)
        clock_queue.put((wtime, btime, increment))

    # The fake server ends its game stream only at the end of a game: a
    # game that goes on too long (or a bot that never moves) is a failure.
    def give_up():
        print(f"lichess_bot_check: failed: no result within {timeout} s", flush=True)
        os._exit(1)

    watchdog = threading.Timer(timeout, give_up)
    watchdog.daemon = True
    watchdog.start()
    thread = threading.Thread(target=white, args=[random.Random(seed)])
    thread.start()
    started = datetime.datetime.now()
    lichess_bot.start(li, profile, settings, logging.INFO, None, True, one_game=True)
    thread.join()
    watchdog.cancel()
    board = verdict.get("board")
    elapsed = (datetime.datetime.now() - started).total_seconds()
    if "illegal" in verdict:
        return f"failed: the bot sent an illegal move {verdict['illegal']}"
    if board is None:
        return "failed: no game was played"
    outcome = board.outcome()
    plies = len(board.move_stack)
    if outcome is None:
        return f"failed: no result after {plies} plies"
    if outcome.winner != chess.BLACK:
        return f"failed: {outcome.termination.name} after {plies} plies, winner {outcome.winner}"
    return (f"passed: Augur (Black) won by {outcome.termination.name.lower()} after "
            f"{plies} plies in {elapsed:.0f} s; final position {board.fen()}")


if __name__ == "__main__":
    main()
