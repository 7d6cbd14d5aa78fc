#!/usr/bin/env python3
"""Writes tests/perft/chess960.perft: Chess960 perft counts from python-chess.

The positions are an independent reference for Augur's Chess960 castling:
- start arrays chosen by a seeded generator (Scharnagl numbers 0-959, the
  standard array 518 among them), each written in Shredder-FEN (`HAha`);
- positions reached by seeded random moves from start arrays, kept only when
  some castling right has been lost and another survives (castling rights
  partly lost), written in X-FEN as python-chess writes them;
- a few hand-made castling corners: a king already on its castling square,
  a castling rook that shields the king from a rook on the back rank, a
  king and rook that swap squares, a king that must cross an attacked
  square.

Every count is python-chess's own (`chess.Board(fen, chess960=True)`), to the
depth given (4 everywhere, 5 on the first few start arrays). The output is
fully determined by the seed.

Usage: python3 tools/chess960_perft.py [--seed 960] [--out tests/perft/chess960.perft]
"""

import argparse
import random

import chess

HAND_MADE = [
    # The king is already on g1: castling moves only the rook (g1h1).
    ("king-on-g1", "r3k2r/8/8/8/8/8/8/R5KR w HAha - 0 1"),
    # The b1 rook shields the c1 king from the a1 rook: castling with it
    # (the king stays on c1) would leave the king in check.
    ("shielding-rook", "4k3/8/8/8/8/8/8/rRK4R w BH - 0 1"),
    # King and rook swap squares (king f1 -> g1, rook g1 -> f1).
    ("swap", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1"),
    # The king must cross d1 and c1, attacked by the d8 rook, to castle long.
    ("attacked-path", "3r2k1/8/8/8/8/8/8/R5KR w HA - 0 1"),
    # Queen-side castling with the rook on b1 and the king on b1's
    # neighbour.
    ("adjacent", "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1"),
]


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def castling_rights_count(board):
    return bin(board.castling_rights).count("1")


def random_positions(rng, count):
    found = []
    while len(found) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        plies = rng.randrange(6, 40)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            castles = [m for m in moves if board.is_castling(m)]
            # Castle when possible half of the time: more positions where
            # one side has castled and the other still may.
            if castles and rng.random() < 0.5:
                board.push(rng.choice(castles))
            else:
                board.push(rng.choice(moves))
        rights = castling_rights_count(board)
        if board.is_game_over() or not (1 <= rights <= 3):
            continue
        found.append(board.fen())
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=960)
    ap.add_argument("--out", default="tests/perft/chess960.perft")
    ap.add_argument("--arrays", type=int, default=12)
    ap.add_argument("--played", type=int, default=14)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    records = []
    numbers = [518] + rng.sample([n for n in range(960) if n != 518], args.arrays - 1)
    for i, number in enumerate(numbers):
        board = chess.Board.from_chess960_pos(number)
        depth = 5 if i < 4 else 4
        records.append((f"array-{number}", board.fen(shredder=True), depth))
    for i, fen in enumerate(random_positions(rng, args.played)):
        records.append((f"played-{i + 1}", fen, 4))
    for name, fen in HAND_MADE:
        board = chess.Board(fen, chess960=True)
        assert board.is_valid(), (name, board.status())
        kept = board.fen(shredder=True).split()[2]
        assert sorted(kept) == sorted(fen.split()[2]), (name, kept)
        records.append((name, fen, 4))

    lines = [
        "# Chess960 perft reference data, written by tools/chess960_perft.py",
        f"# (seed {args.seed}) from python-chess {chess.__version__} with",
        "# chess.Board(fen, chess960=True). Format as in chess.perft. Start arrays",
        "# are in Shredder-FEN, played positions in X-FEN; read them with",
        "# Chess960 castling (Position::from_fen_chess960).",
        "",
    ]
    for name, fen, depth in records:
        board = chess.Board(fen, chess960=True)
        lines.append(f"id {name}")
        lines.append(f"epd {fen}")
        for d in range(1, depth + 1):
            lines.append(f"perft {d} {perft(board, d)}")
        lines.append("")
    with open(args.out, "w") as out:
        out.write("\n".join(lines))
    print(f"{len(records)} positions written to {args.out}")


if __name__ == "__main__":
    main()
