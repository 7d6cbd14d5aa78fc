"""Tasks on a Dask distributed cluster with the retries the driver counts:
a task whose worker died (Dask's KilledWorker: the scheduler is told to
give up on the first death, so each death comes back here) and a task
that outlasted its timeout (the task kills its binary and says so) are
submitted again as a new attempt, the stalled one preferably elsewhere.
Items wait here, in priority order, until a worker thread is free: the
cluster holds one task per thread, each running, so a worker's death
costs exactly the pairs it was playing. Results stream back as they
finish; `cancel_all` drops what is left and kills the binaries still
running for this run."""

import heapq
import itertools
import os
import uuid

from distributed import as_completed

import augur_cluster_tasks as tasks

# The task code's file. Not `tasks.__file__`: a scheduler or worker in this
# process (a local cluster) imports the uploaded copy in its own scratch
# directory over it.
TASKS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "augur_cluster_tasks.py")


def prepare_cluster(client):
    """Sends the task code (`augur_cluster_tasks.py`, a module name no one
    else's upload takes) to the scheduler and every worker, present and
    future, so that a worker needs no copy of the repository.
    Dask retries a task whose worker died up to
    `distributed.scheduler.allowed-failures` times on its own; set to 0 the
    death comes back to the driver, which retries and counts it."""
    client.upload_file(TASKS_FILE)
    client.run_on_scheduler(tasks.configure_scheduler)


class Runner:
    """Runs `function(*arguments(item), run_id)` per item and yields
    `(item, result)` as each finishes, retrying deaths and stalls."""

    def __init__(self, client, function, arguments, name, max_attempts=5):
        self.client = client
        self.max_attempts = max_attempts
        self.function = function
        self.arguments = arguments
        self.run_id = f"{name}-{uuid.uuid4().hex[:10]}"
        self.attempts = {}
        self.backlog = []  # heap of (-priority, order, item, worker to avoid)
        self.order = itertools.count()
        self.items = {}
        self.futures = {}
        self.queue = as_completed()
        self.retries = {"worker_died": 0, "stalled": 0}
        self.per_worker = {}
        self.cancelled = 0

    def submit(self, item, priority=0, avoid=None):
        """Queues `item` (higher priority first; a new attempt if it ran
        before); `avoid` is a worker it should rather not run on."""
        heapq.heappush(self.backlog, (-priority, next(self.order), item, avoid))

    def _threads(self):
        workers = self.client.scheduler_info(n_workers=-1)["workers"]
        return max(sum(w.get("nthreads", 1) for w in workers.values()), 1)

    def _fill(self):
        """Starts queued items while a worker thread is free."""
        threads = self._threads() if self.backlog else 0
        while self.backlog and len(self.futures) < threads:
            _, _, item, avoid = heapq.heappop(self.backlog)
            self._start(item, avoid)

    def _start(self, item, avoid):
        attempt = self.attempts.get(item, 0) + 1
        if attempt > self.max_attempts:
            raise RuntimeError(
                f"{item}: {self.max_attempts} attempts, each lost with its worker or stalled"
                " (is the timeout long enough?)"
            )
        self.attempts[item] = attempt
        workers = None
        if avoid is not None:
            others = [w for w in self.client.scheduler_info(n_workers=-1)["workers"] if w != avoid]
            workers = others or None
        future = self.client.submit(
            self.function,
            *self.arguments(item),
            self.run_id,
            key=f"{self.run_id}-{item}-a{attempt}",
            workers=workers,
            allow_other_workers=workers is not None,
            pure=False,
        )
        self.items[future.key] = item
        self.futures[item] = future
        self.queue.add(future)

    def results(self):
        """Yields (item, result) for each item as it finishes."""
        self._fill()
        for future in self.queue:
            item = self.items.pop(future.key, None)
            if item is None or self.futures.get(item) is not future:
                continue
            if future.status == "cancelled":
                continue
            del self.futures[item]
            if future.status == "error":
                error = future.exception()
                if type(error).__name__ != "KilledWorker":
                    raise error
                self.retries["worker_died"] += 1
                self.submit(item, priority=1)
                self._fill()
                continue
            result = future.result()
            if result.get("stalled"):
                self.retries["stalled"] += 1
                self.submit(item, priority=1, avoid=result.get("worker"))
                self._fill()
                continue
            worker = result.get("worker", "?")
            self.per_worker[worker] = self.per_worker.get(worker, 0) + 1
            self._fill()
            yield item, result

    def outstanding(self):
        """Items queued or running."""
        return sorted([*self.futures, *(entry[2] for entry in self.backlog)])

    def cancel_all(self):
        """Cancels every outstanding item (queued here or running) and kills
        the binaries of this run still running on the workers; returns how
        many were cancelled."""
        futures = list(self.futures.values())
        count = len(futures) + len(self.backlog)
        self.futures.clear()
        self.backlog.clear()
        self.cancelled += count
        if futures:
            self.client.cancel(futures)
        try:
            self.client.run(tasks.kill_run, self.run_id)
        except Exception:  # noqa: BLE001 - a worker leaving now is no matter
            pass
        return count
