#!/usr/bin/env python3
"""Replays every game of a PGN file with python-chess and checks each move
is legal and the recorded result matches a game-ending position where the
termination says so. Prints `N games replayed` or exits non-zero."""
import sys

import chess.pgn


def main():
    path = sys.argv[1]
    count = 0
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            if game.errors:
                print(f"game {count + 1}: {game.errors}", file=sys.stderr)
                return 1
            board = game.board()
            for move in game.mainline_moves():
                if not board.is_legal(move):
                    print(f"game {count + 1}: illegal {move}", file=sys.stderr)
                    return 1
                board.push(move)
            term = game.headers.get("Termination", "")
            if term == "checkmate" and not board.is_checkmate():
                print(f"game {count + 1}: claims checkmate", file=sys.stderr)
                return 1
            count += 1
    print(f"{count} games replayed")
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
