#!/usr/bin/env bash
# The README's run command, as a user types it on a fresh clone: it must
# build the engine and answer a scripted session with a bestmove.
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(printf 'uci\nisready\nposition startpos\ngo depth 5\nquit\n' | cargo run --release --bin augur 2>/dev/null)
if ! grep -q '^uciok$' <<<"$output" || ! grep -q '^bestmove ' <<<"$output"; then
    echo "run command check failed: 'cargo run --release --bin augur' gave:" >&2
    echo "$output" >&2
    exit 1
fi
echo "run command check: $(grep '^bestmove ' <<<"$output")"
