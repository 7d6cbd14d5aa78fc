"""Every game's recorded perft positions (tests/perft/<game>.perft: counts
from the games' slow reference generators, written from the rules pages
alone) reproduced from Python, up to a node budget per position."""

from pathlib import Path

import pytest

import augur

PERFT_DIR = Path(__file__).resolve().parents[2] / "tests" / "perft"
# The largest count checked per position: keeps the suite quick.
MAX_NODES = 60_000


def records(variant):
    """(id, position, [(depth, count)]) of every record of the game's file."""
    found, name, epd = [], None, None
    for line in (PERFT_DIR / f"{variant}.perft").read_text().splitlines():
        if line.startswith("id "):
            name = line[3:].strip()
        elif line.startswith("epd "):
            epd = line[4:].strip()
            found.append((name, epd, []))
        elif line.startswith("perft ") and found:
            depth, nodes = line.split()[1:3]
            found[-1][2].append((int(depth), int(nodes)))
    return found


CASES = [
    pytest.param(variant, epd, counts, id=f"{variant}-{name}")
    for variant in ["ultima", "oracle", "enochian"]
    for name, epd, counts in records(variant)
]


@pytest.mark.parametrize("variant,epd,counts", CASES)
def test_recorded_counts(variant, epd, counts):
    board = augur.Board(variant, epd)
    checked = 0
    for depth, nodes in counts:
        if nodes > MAX_NODES:
            break
        assert board.perft(depth) == nodes, (variant, epd, depth)
        checked += 1
    assert checked >= 1, f"no count of at most {MAX_NODES} nodes for {epd}"


def test_every_game_has_recorded_positions():
    for variant in ["ultima", "oracle", "enochian"]:
        assert len(records(variant)) >= 5, variant
