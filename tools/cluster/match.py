"""A distributed arena match: every game pair of the schedule is a task
(`augur-arena ARGS --pair N` on a worker). Results stream back as they
finish, with the live score, Elo and LLR; the SPRT is decided on the pairs
in schedule order (the first pairs without a gap), as a one-machine run
playing one game at a time meets them, so the decision and the games it
counts do not depend on which worker was fast. Once it decides, the
outstanding tasks are cancelled. The arena then merges the unit results
(`augur-arena ARGS --merge ...`) into the PGN and JSON summary a
one-machine run with the same arguments writes."""

import argparse
import json
import os
import subprocess
import time

import stats
from progress import Progress
from runner import Runner
import augur_cluster_tasks as tasks

# Arena flags the driver sets itself.
DRIVER_FLAGS = ("--pgn", "--json", "--pair", "--merge", "--concurrency")


def schedule_facts(arena_args):
    """(pairs scheduled, format, SPRT dict or None) of the arena arguments,
    as the arena's schedule counts them."""
    for flag in DRIVER_FLAGS:
        if any(a == flag or a.startswith(flag + "=") for a in arena_args):
            raise ValueError(f"{flag} is set by the driver; leave it out of the arena's arguments")
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--engine", action="append", default=[])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--format", default="match")
    parser.add_argument("--sprt")
    known, _ = parser.parse_known_args(arena_args)
    engines = len(known.engine)
    per_pairing = max((known.games + 1) // 2, 1)
    pairings = {
        "match": 1,
        "gauntlet": engines - 1,
        "round-robin": engines * (engines - 1) // 2,
        "roundrobin": engines * (engines - 1) // 2,
    }.get(known.format)
    if pairings is None or pairings < 1:
        raise ValueError(f"cannot schedule format '{known.format}' with {engines} engines")
    sprt = stats.parse_sprt(known.sprt) if known.sprt else None
    return pairings * per_pairing, known.format, sprt


def merge(arena, arena_args, unit_files, pgn, summary):
    """Runs the arena's merge of `unit_files` into `pgn` and `summary`;
    returns its standard output (the one-machine run's lines)."""
    command = [arena, *arena_args, "--merge", *unit_files, "--pgn", pgn, "--json", summary]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"arena merge failed: {done.stderr.strip()}")
    return done.stdout


def live_text(tally, sprt):
    """Score, Elo and LLR of the pairs finished so far."""
    elo, error, _ = tally.estimate()
    text = f"+{tally.wins} ={tally.draws} -{tally.losses}"
    text += f"  Elo {elo:+.0f} ± {error:.0f}" if error != float("inf") else "  Elo ?"
    if sprt:
        lower, upper = stats.sprt_bounds(sprt["alpha"], sprt["beta"])
        llr = stats.llr(tally.pentanomial, sprt["elo0"], sprt["elo1"])
        text += f"  LLR {llr:.2f} ({lower:.2f}, {upper:.2f})"
    return text


def _collect(runner, sprt, format_, bar, on_result, units_dir, kept):
    """Takes the pairs as they finish (after those `kept` from an earlier
    run) until all are in or the SPRT, decided on the pairs in schedule
    order, ends the match (the rest is then cancelled). Returns ({pair:
    (unit file, unit)}, pairs counted, decision)."""
    live = stats.Tally()
    ordered = stats.Tally()
    files = {}
    state = {"counted": 0, "decision": None}  # pairs 0..counted-1 are in

    def take(pair, path, unit):
        files[pair] = (path, unit)
        live.add_pair(unit["games"])
        while state["counted"] in files and state["decision"] is None:
            ordered.add_pair(files[state["counted"]][1]["games"])
            state["counted"] += 1
            if sprt:
                state["decision"] = stats.decision(ordered.pentanomial, sprt)

    for pair, (path, unit) in sorted(kept.items()):
        take(pair, path, unit)
    if state["decision"] is None:
        for pair, result in runner.results():
            path = os.path.join(units_dir, f"pair-{pair:06d}.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(result["unit"], file)
            take(pair, path, result["unit"])
            bar.update(len(files), live_text(live, sprt) if format_ == "match" else "")
            if on_result is not None:
                on_result(pair, result, runner)
            if state["decision"] is not None:
                break
    runner.cancel_all()
    return files, state["counted"], state["decision"]


def kept_units(units_dir, arena_args, resume):
    """The unit results a resumed run keeps ({pair: (file, unit)}): those
    of OUT/units/ when they were made with the same arena arguments
    (OUT/units/arguments.json). A new run starts from an empty directory."""
    os.makedirs(units_dir, exist_ok=True)
    stamp = os.path.join(units_dir, "arguments.json")
    kept = {}
    if resume and os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as file:
            if json.load(file) != list(arena_args):
                raise ValueError(f"{units_dir} holds units of other arena arguments: cannot resume")
        for name in sorted(os.listdir(units_dir)):
            if name.startswith("pair-") and name.endswith(".json"):
                path = os.path.join(units_dir, name)
                with open(path, encoding="utf-8") as file:
                    unit = json.load(file)
                kept[unit["pair"]] = (path, unit)
    else:
        for name in os.listdir(units_dir):
            if name.endswith(".json"):
                os.remove(os.path.join(units_dir, name))
        with open(stamp, "w", encoding="utf-8") as file:
            json.dump(list(arena_args), file)
    return kept


def run_match(client, arena, arena_args, out_dir, timeout=600, on_result=None, progress=None, resume=False):
    """Plays the match of `arena_args` on `client`'s cluster, writes
    OUT/match.pgn, OUT/match.json (the arena's summary), OUT/cluster.json
    (this run: retries, cancellations, workers, throughput) and the unit
    results under OUT/units/; returns the cluster summary (a dict).
    `resume` keeps the pairs an interrupted run with the same arguments
    finished. `on_result(pair, result, runner)` is called after each
    finished pair."""
    total, format_, sprt = schedule_facts(arena_args)
    units_dir = os.path.join(out_dir, "units")
    kept = kept_units(units_dir, arena_args, resume)
    runner = Runner(client, tasks.run_pair, lambda pair: (arena, arena_args, pair, timeout), "pair")
    for pair in range(total):
        if pair not in kept:
            runner.submit(pair, priority=-pair)
    bar = progress if progress is not None else Progress(total, "pairs", 2)
    started = time.monotonic()
    try:
        files, counted, decision = _collect(runner, sprt, format_, bar, on_result, units_dir, kept)
    except BaseException:
        # Interrupted (Ctrl-C) or failed: nothing of this run goes on.
        runner.cancel_all()
        raise
    finally:
        bar.close()
    seconds = time.monotonic() - started
    if decision is None and counted != total:
        raise RuntimeError(f"pairs missing: {sorted(set(range(total)) - set(files))}")
    pgn = os.path.join(out_dir, "match.pgn")
    summary_path = os.path.join(out_dir, "match.json")
    lines = merge(arena, arena_args, [files[p][0] for p in range(counted)], pgn, summary_path)
    summary = {
        "pairs_scheduled": total,
        "pairs_finished": len(files),
        "pairs_kept": len(kept),
        "pairs_counted": counted,
        "games_counted": 2 * counted,
        "decision": decision,
        "cancelled": runner.cancelled,
        "retries": dict(runner.retries),
        "pairs_per_worker": dict(sorted(runner.per_worker.items())),
        "workers": len(client.scheduler_info(n_workers=-1)["workers"]),
        "seconds": round(seconds, 2),
        "games_per_minute": round(2 * (len(files) - len(kept)) * 60.0 / seconds, 2) if seconds > 0 else None,
        "pgn": pgn,
        "summary": summary_path,
        "arena_output": lines,
    }
    with open(os.path.join(out_dir, "cluster.json"), "w", encoding="utf-8") as file:
        json.dump(summary, file, indent=1)
    return summary
