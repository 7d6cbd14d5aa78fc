#!/usr/bin/env python3
"""Reference position generator for Augur, built on python-chess.

It plays random games and writes every position it passes through, together
with python-chess's list of legal moves and game outcome. Tests generate a
file with a fixed seed and, line by line, load the FEN into Augur and compare
its sorted legal moves, its FEN output and its end-of-game verdict with the
python-chess values. The output is fully determined by
--positions, --seed and the contents of tests/perft/chess.perft. Games start
from the standard position, or in about 20% of cases from a random record of
tests/perft/chess.perft, which brings in rarer material such as
promotion-heavy or castling-only boards. Moves are drawn uniformly from the
legal moves, except that with probability 0.15 the draw is limited to
checking moves and with probability 0.35 to "interesting" moves (captures
including en passant, promotions, castling), when there are any. A game stops at game over (python-chess
``Board.is_game_over()``, which also covers the 75-move rule and fivefold
repetition) or after a random 20 to 160 plies. The start of each game is
written as well, and output stops once N lines exist. Each line is
``<FEN>|<moves>|<outcome>``. FEN is ``board.fen()`` with default settings, so
the en-passant square appears only when an en-passant capture is legal.
<moves> is the space-separated, lexicographically sorted list of legal moves
in UCI (castling as ``e1g1``, promotions as ``e7e8q``) and is empty when
there are none. <outcome> is the first of these that applies: ``checkmate``,
``stalemate``, ``insufficient`` (python-chess ``is_insufficient_material()``,
meaning neither side has mating material by python-chess's material-only
rules), ``fifty`` (halfmove clock >= 100 and a legal move exists) and
otherwise ``-`` (repetition is not reported). A summary of the features found
(en passant, each promotion piece, castling each side, check, double check,
pins, checkmate, stalemate, ...) goes to stderr.

Usage: python3 tools/chess_reference.py --positions N --seed S [--out FILE]
       [--perft-file PATH]
"""

import argparse
import os
import random
import sys
import time

import chess

MAX_PLIES = 160
PERFT_START_PROB = 0.2
INTERESTING_PROB = 0.35
CHECK_PROB = 0.15
MIN_PLIES = 20


def default_perft_path():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, os.pardir, "tests", "perft", "chess.perft")


def load_perft_fens(path):
    """FENs of the `epd` lines of a chess.perft file, in file order."""
    fens = []
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("epd "):
                fens.append(line[4:].strip())
    return fens


def is_interesting(board, move):
    return (move.promotion is not None
            or board.is_capture(move)  # includes en passant
            or board.is_castling(move))


def choose_move(board, moves, rng):
    roll = rng.random()
    if roll < CHECK_PROB:
        checks = [m for m in moves if board.gives_check(m)]
        if checks:
            return rng.choice(checks)
    elif roll < CHECK_PROB + INTERESTING_PROB:
        special = [m for m in moves if is_interesting(board, m)]
        if special:
            return rng.choice(special)
    return rng.choice(moves)


def outcome_of(board, moves):
    if not moves:
        return "checkmate" if board.is_check() else "stalemate"
    if board.is_insufficient_material():
        return "insufficient"
    if board.halfmove_clock >= 100:  # == board.is_fifty_moves() given moves
        return "fifty"
    return "-"


class Stats:
    KEYS = [
        "positions", "games", "games_from_perft_file",
        "with_ep_move", "with_promotion_move",
        "with_promo_q", "with_promo_r", "with_promo_b", "with_promo_n",
        "with_castling_move", "with_castle_white_kingside",
        "with_castle_white_queenside", "with_castle_black_kingside",
        "with_castle_black_queenside", "with_ep_square_in_fen",
        "in_check", "double_check", "with_pinned_piece",
        "checkmate", "stalemate", "insufficient", "fifty",
        "no_legal_moves",
    ]

    def __init__(self):
        self.c = dict.fromkeys(self.KEYS, 0)

    def add(self, board, moves, outcome):
        c = self.c
        c["positions"] += 1
        ep = promo = castle = False
        for m in moves:
            if m.promotion is not None:
                promo = True
            elif board.is_en_passant(m):
                ep = True
            elif board.is_castling(m):
                castle = True
        if ep:
            c["with_ep_move"] += 1
        if board.ep_square is not None and board.has_legal_en_passant():
            c["with_ep_square_in_fen"] += 1
        if promo:
            c["with_promotion_move"] += 1
            kinds = {m.promotion for m in moves if m.promotion}
            for piece, key in ((chess.QUEEN, "with_promo_q"),
                               (chess.ROOK, "with_promo_r"),
                               (chess.BISHOP, "with_promo_b"),
                               (chess.KNIGHT, "with_promo_n")):
                if piece in kinds:
                    c[key] += 1
        if castle:
            c["with_castling_move"] += 1
            for m in moves:
                if board.is_castling(m):
                    side = "white" if board.turn == chess.WHITE else "black"
                    wing = ("kingside" if board.is_kingside_castling(m)
                            else "queenside")
                    c["with_castle_%s_%s" % (side, wing)] += 1
        checkers = len(board.checkers())
        if checkers:
            c["in_check"] += 1
        if checkers >= 2:
            c["double_check"] += 1
        us = board.occupied_co[board.turn] & ~board.kings
        if any(board.is_pinned(board.turn, sq) for sq in chess.scan_forward(us)):
            c["with_pinned_piece"] += 1
        if not moves:
            c["no_legal_moves"] += 1
        if outcome in c:
            c[outcome] += 1

    def report(self, out, elapsed):
        width = max(len(k) for k in self.KEYS)
        out.write("chess_reference feature summary (%.2fs):\n" % elapsed)
        for k in self.KEYS:
            out.write("  %-*s %d\n" % (width, k, self.c[k]))


def generate(n, seed, perft_fens, write, stats):
    rng = random.Random(seed)
    written = 0
    while written < n:
        stats.c["games"] += 1
        if perft_fens and rng.random() < PERFT_START_PROB:
            board = chess.Board(rng.choice(perft_fens))
            stats.c["games_from_perft_file"] += 1
        else:
            board = chess.Board()
        plies = 0
        max_plies = rng.randint(MIN_PLIES, MAX_PLIES)
        while True:
            moves = list(board.legal_moves)
            outcome = outcome_of(board, moves)
            ucis = " ".join(sorted(m.uci() for m in moves))
            write("%s|%s|%s\n" % (board.fen(), ucis, outcome))
            stats.add(board, moves, outcome)
            written += 1
            if written >= n:
                return
            if not moves or plies >= max_plies or board.is_game_over():
                break
            board.push(choose_move(board, moves, rng))
            plies += 1


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Generate python-chess reference positions "
                    "(FEN|sorted UCI legal moves|outcome).")
    ap.add_argument("--positions", type=int, required=True,
                    help="number of lines (positions) to write")
    ap.add_argument("--seed", type=int, default=0, help="random seed")
    ap.add_argument("--out", help="output file (default: stdout)")
    ap.add_argument("--perft-file", default=default_perft_path(),
                    help="chess.perft file whose FENs seed ~20%% of games "
                         "(default: tests/perft/chess.perft)")
    args = ap.parse_args(argv)
    if args.positions < 0:
        ap.error("--positions must be >= 0")

    try:
        perft_fens = load_perft_fens(args.perft_file)
    except OSError as e:
        sys.stderr.write("warning: cannot read %s (%s); all games start "
                         "from the standard position\n" % (args.perft_file, e))
        perft_fens = []

    stats = Stats()
    t0 = time.time()
    if args.out:
        with open(args.out, "w") as f:
            generate(args.positions, args.seed, perft_fens, f.write, stats)
    else:
        generate(args.positions, args.seed, perft_fens, sys.stdout.write, stats)
        sys.stdout.flush()
    stats.report(sys.stderr, time.time() - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
