#!/usr/bin/env python3
"""SAN reference data for Augur, built on python-chess.

Plays seeded random games and writes, for every position passed through, its
FEN and the SAN python-chess gives each legal move. crates/chess/tests/chess_san.rs
compares Augur's ``Position::san`` with it and checks that ``parse_san``
reads every SAN back to the same move.

Each line is ``<FEN>|<uci> <san> <uci> <san> ...`` (moves in python-chess's
generation order; empty after the ``|`` when there are none). FEN is
``board.fen()`` with default settings (en passant square only when the
capture is legal).

Games start from the standard position, or in about 20% of cases from a
random ``epd`` record of tests/perft/chess.perft, or in about 15% of cases
from one of the built-in EXTRA_FENS: boards with several pieces of one kind
(promoted queens, three rooks, four knights, ...) and pawns about to promote,
where disambiguation and promotion SAN are exercised far more often than in
ordinary games. Moves are drawn uniformly from the legal moves, except that
with probability 0.15 the draw is limited to checking moves, and with
probability 0.35 to captures, promotions and castling, when there are any.
A game stops at game over or after a random 20 to 160 plies; output stops
once N lines exist. The output is fully determined by --positions, --seed,
this file and tests/perft/chess.perft.

Usage: python3 tools/san_reference.py --positions N --seed S [--out FILE]
"""

import argparse
import os
import random
import sys

import chess

MAX_PLIES = 160
MIN_PLIES = 20
PERFT_START_PROB = 0.2
EXTRA_START_PROB = 0.15
CHECK_PROB = 0.15
INTERESTING_PROB = 0.35

EXTRA_FENS = [
    # Three queens on a1, a3, c1: file, rank and double disambiguation.
    "4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1",
    # Black's mirror image, Black to move.
    "q1q4k/8/q7/8/8/8/8/4K3 b - - 0 1",
    # Four knights around an empty centre, kings out of the way.
    "7k/8/2N1N3/8/2N1N3/8/8/K7 w - - 0 1",
    # Three rooks and two bishops per side, plus promotable pawns.
    "r2r3k/1P4b1/8/3r4/4R3/8/1p4B1/R2R3K w - - 0 1",
    # Pawns on the seventh with pieces to capture on the eighth.
    "rn2k1nr/PP4PP/8/8/8/8/pp4pp/RN2K1NR w - - 0 1",
    # En passant with two capturers, and pins around the kings.
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
    # Queens and knights that reach the same squares.
    "k7/8/3Q1Q2/2N3N1/8/2N3N1/3Q1Q2/K7 w - - 0 1",
]


def default_perft_path():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, os.pardir, "tests", "perft", "chess.perft")


def load_perft_fens(path):
    fens = []
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("epd "):
                fens.append(line[4:].strip())
    return fens


def choose_move(board, moves, rng):
    roll = rng.random()
    if roll < CHECK_PROB:
        checks = [m for m in moves if board.gives_check(m)]
        if checks:
            return rng.choice(checks)
    elif roll < CHECK_PROB + INTERESTING_PROB:
        special = [m for m in moves
                   if m.promotion is not None or board.is_capture(m)
                   or board.is_castling(m)]
        if special:
            return rng.choice(special)
    return rng.choice(moves)


def start_board(rng, perft_fens):
    roll = rng.random()
    if perft_fens and roll < PERFT_START_PROB:
        return chess.Board(rng.choice(perft_fens))
    if roll < PERFT_START_PROB + EXTRA_START_PROB:
        return chess.Board(rng.choice(EXTRA_FENS))
    return chess.Board()


def generate(n, seed, perft_fens, write):
    rng = random.Random(seed)
    written = 0
    while written < n:
        board = start_board(rng, perft_fens)
        max_plies = rng.randint(MIN_PLIES, MAX_PLIES)
        plies = 0
        while True:
            moves = list(board.legal_moves)
            pairs = " ".join("%s %s" % (m.uci(), board.san(m)) for m in moves)
            write("%s|%s\n" % (board.fen(), pairs))
            written += 1
            if written >= n:
                return
            if not moves or plies >= max_plies or board.is_game_over():
                break
            board.push(choose_move(board, moves, rng))
            plies += 1


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Write python-chess SAN for every legal move of "
                    "positions from seeded random games.")
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="output file (default: stdout)")
    ap.add_argument("--perft-file", default=default_perft_path())
    args = ap.parse_args(argv)
    if args.positions < 0:
        ap.error("--positions must be >= 0")
    try:
        perft_fens = load_perft_fens(args.perft_file)
    except OSError as e:
        sys.stderr.write("warning: cannot read %s (%s)\n" % (args.perft_file, e))
        perft_fens = []
    for fen in EXTRA_FENS:
        board = chess.Board(fen)
        if not board.is_valid():
            sys.stderr.write("invalid built-in FEN: %s\n" % fen)
            return 1
    if args.out:
        with open(args.out, "w") as f:
            generate(args.positions, args.seed, perft_fens, f.write)
    else:
        generate(args.positions, args.seed, perft_fens, sys.stdout.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
