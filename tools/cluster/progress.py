"""The driver's progress bar: items done of total, games per minute, ETA
and whatever the caller adds (Elo, LLR). On a terminal one line redrawn in
place; otherwise a line per update."""

import sys
import time


def _clock(seconds):
    seconds = int(max(seconds, 0))
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


class Progress:
    """A bar over `total` items of `games_per_item` games each."""

    def __init__(self, total, unit, games_per_item, stream=None, width=24):
        self.total = total
        self.unit = unit
        self.games_per_item = games_per_item
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.monotonic()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def line(self, done, extra="", now=None):
        """The bar's text after `done` items."""
        elapsed = (time.monotonic() if now is None else now) - self.started
        filled = self.width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (self.width - filled)
        rate = done * self.games_per_item * 60.0 / elapsed if elapsed > 0 else 0.0
        eta = elapsed * (self.total - done) / done if done else None
        text = (
            f"[{bar}] {done}/{self.total} {self.unit}  {rate:.1f} games/min  "
            f"ETA {_clock(eta) if eta is not None else '?'}"
        )
        return f"{text}  {extra}" if extra else text

    def update(self, done, extra=""):
        """Draws the bar after `done` items."""
        text = self.line(done, extra)
        if self.tty:
            self.stream.write("\r\033[K" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self):
        """Ends the redrawn line."""
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
