"""What runs on the workers: one arena game pair or one self-play shard,
each a run of the project's own binary (`augur-arena --pair N`,
`augur-selfplay --first-game K`), and the few calls the driver makes on
the scheduler and workers. The driver uploads this file to them
(`Client.upload_file`), so a worker needs only the engine's Python package
and the binaries, at the paths the driver names."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time


def _die_with_parent(command):
    """`command` run so that it is killed when the worker that started it
    dies (util-linux `setpriv --pdeathsig`, where there is one), so a dead
    worker leaves no game running behind it."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "KILL", *command] if setpriv else list(command)


def configure_scheduler(dask_scheduler):
    """On the scheduler: a worker death fails its tasks at once (the driver
    retries and counts them)."""
    dask_scheduler.allowed_failures = 0


def has_dashboard():
    """Whether this process (the scheduler) can serve the dashboard's
    pages: they need bokeh."""
    import importlib.util

    return importlib.util.find_spec("bokeh") is not None


CANCELLED = "cancelled"


def _pid_dir(run_id):
    return os.path.join(tempfile.gettempdir(), f"augur-cluster-{run_id}")


def kill_run(run_id):
    """On a worker: marks `run_id` cancelled (a task of it that starts
    later ends at once) and kills the process groups its tasks have
    running; returns how many."""
    directory = _pid_dir(run_id)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, CANCELLED), "w", encoding="utf-8"):
        pass
    killed = 0
    for name in os.listdir(directory):
        try:
            os.killpg(int(name), signal.SIGKILL)
            killed += 1
        except (ValueError, ProcessLookupError, PermissionError):
            pass
    return killed


def _worker_address():
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return "local"


def _run(command, timeout, run_id):
    """Runs `command`; returns (stdout bytes, None) or (None, 'stalled')
    when it outlasts `timeout` seconds (its whole process group is killed).
    A failing command raises RuntimeError with its error output. While it
    runs, its process group is a file in the directory of `run_id` (when
    given), so that the driver can kill it when it cancels the run."""
    proc = subprocess.Popen(
        _die_with_parent(command),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    pid_file = None
    if run_id:
        pid_dir = _pid_dir(run_id)
        os.makedirs(pid_dir, exist_ok=True)
        pid_file = os.path.join(pid_dir, str(proc.pid))
        with open(pid_file, "w", encoding="utf-8"):
            pass
        # Written before the check: either this task sees the run's
        # cancellation, or `kill_run` sees this process.
        if os.path.exists(os.path.join(pid_dir, CANCELLED)):
            os.killpg(proc.pid, signal.SIGKILL)
    try:
        return _wait(command, proc, timeout)
    finally:
        if pid_file:
            try:
                os.remove(pid_file)
            except FileNotFoundError:
                pass


def _wait(command, proc, timeout):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return None, "stalled"
    if proc.returncode != 0:
        message = err.decode(errors="replace").strip() or f"exit status {proc.returncode}"
        raise RuntimeError(f"{os.path.basename(command[0])} failed: {message}")
    return out, None


def run_pair(arena, arena_args, pair, timeout, run_id=None):
    """Plays game pair `pair` with `augur-arena ARGS --pair N` and returns
    {'unit': the unit result, 'worker', 'seconds'}, or {'stalled': True,
    'worker', 'seconds'} when it took longer than `timeout` seconds."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="augur-pair-") as tmp:
        path = os.path.join(tmp, "unit.json")
        command = [arena, *arena_args, "--pair", str(pair), "--json", path]
        _, stalled = _run(command, timeout, run_id)
        result = {"worker": _worker_address(), "seconds": time.monotonic() - started}
        if stalled:
            result["stalled"] = True
            return result
        with open(path, encoding="utf-8") as file:
            result["unit"] = json.load(file)
    return result


def run_shard(selfplay, selfplay_args, seed, first_game, games, timeout, run_id=None):
    """Plays games `first_game`.. of `seed` with `augur-selfplay` and
    returns {'data': the file's bytes, 'worker', 'seconds'}, or
    {'stalled': True, ...} past `timeout` seconds."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="augur-shard-") as tmp:
        path = os.path.join(tmp, "shard.txt")
        # A whole seed needs no --first-game: builds older than it can
        # make the data of their network generation (one seed per task).
        first = ["--first-game", str(first_game)] if first_game else []
        command = [
            selfplay,
            *selfplay_args,
            "--seed",
            str(seed),
            *first,
            "--games",
            str(games),
            "--threads",
            "1",
            "--out",
            path,
        ]
        _, stalled = _run(command, timeout, run_id)
        result = {"worker": _worker_address(), "seconds": time.monotonic() - started}
        if stalled:
            result["stalled"] = True
            return result
        with open(path, "rb") as file:
            result["data"] = file.read()
    return result

