//! The thread a game slot searches on: started once with a large stack and
//! then woken for each `go`. On a loaded machine a new thread can wait
//! several milliseconds for the scheduler, a sleeping one is woken at once;
//! at 1+0.01 those milliseconds decide whether the engine flags.

use augur_search::SEARCH_STACK_BYTES;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

type Job = Box<dyn FnOnce() + Send>;

/// A long-lived thread that runs one job at a time.
#[derive(Default)]
pub(crate) struct SearchThread {
    jobs: Option<Sender<Job>>,
    handle: Option<JoinHandle<()>>,
}

/// A job's result, once it has finished.
pub(crate) struct Pending<T> {
    result: Receiver<T>,
    done: Arc<AtomicBool>,
}

impl<T> Pending<T> {
    /// Whether the job has finished (returned or panicked).
    pub fn is_finished(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    /// Waits for the job; `None` if it panicked.
    pub fn wait(self) -> Option<T> {
        self.result.recv().ok()
    }
}

impl SearchThread {
    /// Runs `work` on the thread (starting it the first time).
    pub fn run<T: Send + 'static>(
        &mut self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Pending<T>, String> {
        let (sender, result) = channel();
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        let job: Job = Box::new(move || {
            if let Ok(value) = std::panic::catch_unwind(AssertUnwindSafe(work)) {
                let _ = sender.send(value);
            }
            flag.store(true, Ordering::Release);
        });
        let jobs = match &self.jobs {
            Some(jobs) => jobs,
            None => self.start()?,
        };
        jobs.send(job)
            .map_err(|_| "the search thread has stopped".to_string())?;
        Ok(Pending { result, done })
    }

    fn start(&mut self) -> Result<&Sender<Job>, String> {
        let (jobs, inbox) = channel::<Job>();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                for job in inbox {
                    job();
                }
            })
            .map_err(|e| format!("could not start the search thread: {e}"))?;
        self.handle = Some(handle);
        Ok(self.jobs.insert(jobs))
    }
}

impl Drop for SearchThread {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}
