#!/usr/bin/env python3
"""Reference Syzygy probes for Augur, from python-chess's own prober.

python-chess (``chess.syzygy``) reads the Syzygy tables with its own
pure-Python implementation, independent of the pyrrhic-rs prober Augur
uses. This script places random legal positions of the materials of the
tables in tests/syzygy (KQvK, KRvK, KBvK, KNvK, KPvK, KBNvK, either colour
strong, either side to move, halfmove clock 0), probes each with
python-chess, and writes one line per position:
``<FEN>|<wdl>|<dtz>``, where <wdl> is ``probe_wdl`` (-2 to 2) and <dtz> is
``probe_dtz`` (signed plies to zeroing, 0 for a draw), both for the side
to move. Checkmates and stalemates are left out (python-chess answers
them from the board, not the tables). Every material gets a share of the
positions; a pawn is never on the first or last rank. The output is fully
determined by --positions and --seed.

Usage: python3 tools/syzygy_reference.py --positions N --seed S [--out FILE]
       [--tables DIR]
"""

import argparse
import os
import random
import sys

import chess
import chess.syzygy

MATERIALS = ["KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KBNvK"]
LETTERS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK,
           "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def default_tables():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(here), "tests", "syzygy")


def random_position(rng, material):
    """A random legal, undecided position of `material`, or None."""
    strong, weak = material.split("v")
    strong_color = rng.choice([chess.WHITE, chess.BLACK])
    board = chess.Board(None)
    free = list(chess.SQUARES)
    rng.shuffle(free)
    for color, side in ((strong_color, strong), (not strong_color, weak)):
        for letter in side:
            piece = LETTERS[letter]
            for i, square in enumerate(free):
                if piece == chess.PAWN and chess.square_rank(square) in (0, 7):
                    continue
                board.set_piece_at(square, chess.Piece(piece, color))
                free.pop(i)
                break
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    if not board.is_valid() or board.is_checkmate() or board.is_stalemate():
        return None
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", default="-")
    parser.add_argument("--tables", default=default_tables())
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    counts = {}
    with chess.syzygy.open_tablebase(args.tables) as tables:
        while len(lines) < args.positions:
            material = MATERIALS[len(lines) % len(MATERIALS)]
            board = random_position(rng, material)
            if board is None:
                continue
            wdl = tables.probe_wdl(board)
            dtz = tables.probe_dtz(board)
            counts[(material, wdl)] = counts.get((material, wdl), 0) + 1
            lines.append(f"{board.fen()}|{wdl}|{dtz}")
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as out:
            out.write(text)
    summary = ", ".join(f"{m} wdl {w}: {n}" for (m, w), n in sorted(counts.items()))
    print(f"syzygy_reference: {len(lines)} positions ({summary})", file=sys.stderr)


if __name__ == "__main__":
    main()
