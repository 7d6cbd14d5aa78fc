#!/usr/bin/env python3
"""Tune Augur's search parameters by self-play with SPSA.

Simultaneous perturbation stochastic approximation, in the form the
fishtest and OpenBench tuners use: each iteration moves every parameter
by +c or -c at random, plays game pairs between the two perturbed
engines (the same opening with colours swapped), and steps the parameters
towards the side that scored more. Only Augur plays Augur: nothing is
learnt from another engine's games or evaluations.

The engine must be a tuning build, which lists the tunable parameters as
`spin` options (`cargo build --release -p augur-cli --features tune`); the
parameters, defaults and ranges are read from its `uci` answer. Games are
played by `augur-arena`. Progress is appended to `--log` (one JSON line
per iteration) and a run resumes from the log's last line. See
`docs/tuning.md`.

    python3 tools/spsa.py --engine /tmp/augur-tune --arena target/release/augur-arena \
        --iterations 2000 --tc nodes=12000 --log target/spsa.jsonl
"""

import argparse
import json
import os
import random
import subprocess
import sys


def read_parameters(engine):
    """The engine's tunable options: name -> (default, min, max).

    The tunable ones are the `spin` options a normal build does not list,
    so the standard options are left out by name."""
    standard = {
        "Hash", "Threads", "MultiPV", "Move Overhead", "UCI_Elo", "Skill Level",
    }
    answer = subprocess.run(
        [engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30
    ).stdout
    parameters = {}
    for line in answer.splitlines():
        words = line.split()
        if len(words) < 10 or words[:2] != ["option", "name"] or "spin" not in words:
            continue
        kind = words.index("type")
        name = " ".join(words[2:kind])
        if name in standard:
            continue
        fields = dict(zip(words[kind + 2::2], words[kind + 3::2]))
        parameters[name] = (int(fields["default"]), int(fields["min"]), int(fields["max"]))
    if not parameters:
        sys.exit(f"{engine} lists no tunable options: build it with --features tune")
    return parameters


def engine_spec(name, engine, values):
    options = " ".join(f"option.{k}={int(round(v))}" for k, v in values.items())
    return f"name={name} cmd={engine} {options}"


def play(args, plus, minus, seed):
    """Wins minus losses of `plus` over `--pairs` game pairs."""
    summary = f"{args.log}.match.json"
    command = [
        args.arena, "--seed", str(seed), "--random-plies", str(args.random_plies),
        "--engine", engine_spec("plus", args.engine, plus),
        "--engine", engine_spec("minus", args.engine, minus),
        "--games", str(2 * args.pairs), "--tc", args.tc,
        "--concurrency", str(args.concurrency), "--resign", "1000:6",
        "--json", summary,
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=3600)
    with open(summary) as f:
        pairing = json.load(f)["pairings"][0]
    return pairing["wins"] - pairing["losses"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True, help="a tuning build of augur")
    ap.add_argument("--arena", default="target/release/augur-arena")
    ap.add_argument("--iterations", type=int, default=2000, help="planned iterations (N)")
    ap.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    ap.add_argument("--tc", default="nodes=12000", help="the arena's limit per move")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1, help="seeds the openings and perturbations")
    ap.add_argument("--c-fraction", type=float, default=0.1,
                    help="final perturbation as a fraction of each parameter's default "
                    "(of its range when the default is 0), at least 1")
    ap.add_argument("--r-end", type=float, default=0.002, help="final learning rate")
    ap.add_argument("--only", default="", help="comma-separated parameters to tune (default all)")
    ap.add_argument("--log", default="target/spsa.jsonl")
    args = ap.parse_args()

    parameters = read_parameters(args.engine)
    if args.only:
        wanted = {n.strip() for n in args.only.split(",") if n.strip()}
        unknown = wanted - set(parameters)
        if unknown:
            sys.exit(f"unknown parameters: {', '.join(sorted(unknown))}")
        parameters = {k: v for k, v in parameters.items() if k in wanted}
    theta = {k: float(v[0]) for k, v in parameters.items()}
    start = 0
    if os.path.exists(args.log):
        with open(args.log) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        if lines:
            start = lines[-1]["iteration"] + 1
            theta.update({k: v for k, v in lines[-1]["theta"].items() if k in theta})

    n = args.iterations
    alpha, gamma = 0.602, 0.101
    big_a = 0.1 * n
    c_end = {
        k: max(1.0, args.c_fraction * (abs(d) if d else hi - lo))
        for k, (d, lo, hi) in parameters.items()
    }
    c0 = {k: c * n**gamma for k, c in c_end.items()}
    a0 = {k: args.r_end * c * c * (big_a + n) ** alpha for k, c in c_end.items()}

    for k in range(start, n):
        rng = random.Random(args.seed * 1_000_003 + k)
        delta = {name: rng.choice((-1, 1)) for name in theta}
        ck = {name: c0[name] / (k + 1) ** gamma for name in theta}
        ak = {name: a0[name] / (big_a + k + 1) ** alpha for name in theta}

        def clamp(name, value):
            _, lo, hi = parameters[name]
            return min(hi, max(lo, value))

        plus = {name: clamp(name, theta[name] + ck[name] * delta[name]) for name in theta}
        minus = {name: clamp(name, theta[name] - ck[name] * delta[name]) for name in theta}
        result = play(args, plus, minus, args.seed * 100_000 + k)
        for name in theta:
            step = ak[name] / ck[name] * result * delta[name]
            theta[name] = clamp(name, theta[name] + step)
        with open(args.log, "a") as f:
            f.write(json.dumps({"iteration": k, "result": result, "theta": theta}) + "\n")
        if k % 20 == 0 or k == n - 1:
            shown = " ".join(f"{name}={value:.1f}" for name, value in theta.items())
            print(f"[{k + 1}/{n}] {shown}", flush=True)


if __name__ == "__main__":
    main()
