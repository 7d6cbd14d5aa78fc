#!/usr/bin/env bash
# Regenerates the chess network's training data: the self-play games of
# each network generation, each played by `augur-selfplay` built at the
# commit that embedded that network (docs/nnue.md, "Making the network").
#
#   tools/nnue_data.sh [--out DIR] [GENERATION[:FIRST-LAST] ...]
#
# GENERATION is one of the names below, optionally with a part of its
# seeds (default: net20:2800-2815, net19:2500-2535, net18s:2300-2371 and
# net18:2158-2177, the data net 21 was trained on, newest first so that a
# run cut short keeps the best-labelled games, then net21, the games of
# the embedded network for the next one; docs/nnue.md). net18 is net
# 18's games, seeds 2158-2299, net18s net 18 again with the later search
# of a8bfe0a, seeds 2300-2499, net19 net 19's, seeds 2500-2799, net20 net
# 20's, seeds 2800-3099, and net21 net 21's, seeds 3100-3399; net13 to
# net17 are the data of nets 14 to 18. Kept
# files are skipped, so an interrupted run resumes where it stopped;
# touching DIR/STOP ends the run after the file being written. Each file
# is 4,000 games at 5,000 nodes per move, about 300,000 positions and
# 4-5 minutes on two cores.
#
# The old builds come from git worktrees of this repository (a shallow
# clone lacks them: `git fetch --unshallow` first) and are kept under
# target/nnue-builds/ so that a second run does not build them again.
set -euo pipefail

# name commit first-seed last-seed
GENERATIONS="
net9  cee1a10 2011 2019
net10 c751688 2020 2026
net11 ffa6ac9 2027 2031
net12 c0f2985 2032 2039
net13 d85fd10 2040 2069
net14 6e87862 2070 2087
net15 56ce935 2088 2105
net16 f2a2669 2106 2130
net17 cd74496 2131 2157
net18 3a1d866 2158 2299
net18s a8bfe0a 2300 2499
net19 4a14f88 2500 2799
net20 250e8c3 2800 3099
net21 fec85e3 3100 3399
"
DEFAULT="net20:2800-2815 net19:2500-2535 net18s:2300-2371 net18:2158-2177 net21"

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
out="$root/target/nnue-data"
wanted=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$(realpath -m "$2"); shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"; exit 0 ;;
    *) wanted+=("$1"); shift ;;
  esac
done
[ ${#wanted[@]} -eq 0 ] && read -r -a wanted <<< "$DEFAULT"

builds="$root/target/nnue-builds"
mkdir -p "$out" "$builds"

# The selfplay binary as built at a commit (built once, then kept).
selfplay_at() {
  local commit=$1 bin="$builds/augur-selfplay-$1"
  if [ ! -x "$bin" ]; then
    local tree="$builds/src-$commit"
    # A build interrupted before may have left its worktree behind.
    git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
    git -C "$root" worktree prune
    git -C "$root" worktree add --force --detach "$tree" "$commit" >&2
    CARGO_TARGET_DIR="$builds/target" cargo build --release --quiet \
      --manifest-path "$tree/Cargo.toml" -p augur-selfplay >&2
    cp "$builds/target/release/augur-selfplay" "$bin"
    git -C "$root" worktree remove --force "$tree" >&2
  fi
  echo "$bin"
}

for wish in "${wanted[@]}"; do
  name=${wish%%:*}
  line=$(awk -v n="$name" '$1 == n' <<< "$GENERATIONS")
  if [ -z "$line" ]; then
    echo "unknown generation '$name'; known:" $(awk '{print $1}' <<< "$GENERATIONS") >&2
    exit 2
  fi
  read -r _ commit first last <<< "$line"
  if [ "$wish" != "$name" ]; then
    range=${wish#*:}
    if ! [[ $range =~ ^([0-9]+)-([0-9]+)$ ]] \
      || [ "${BASH_REMATCH[1]}" -lt "$first" ] || [ "${BASH_REMATCH[2]}" -gt "$last" ] \
      || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
      echo "'$wish': seeds must be FIRST-LAST within $name's $first-$last" >&2
      exit 2
    fi
    first=${BASH_REMATCH[1]} last=${BASH_REMATCH[2]}
  fi
  for seed in $(seq "$first" "$last"); do
    file="$out/chess-$seed.txt"
    [ -f "$file" ] && continue
    [ -f "$out/STOP" ] && { echo "STOP found in $out: ending" >&2; exit 0; }
    bin=$(selfplay_at "$commit")
    echo "$(date -u +%H:%M:%S) $name seed $seed" >&2
    "$bin" --games 4000 --nodes 5000 --seed "$seed" --scores \
      --evaluation network --out "$file.part"
    mv "$file.part" "$file"
  done
done
