//! What the protocol session tests share: an output capture that waits for
//! lines, and a session writing into it.

#![allow(dead_code)]

use augur_protocol::{Output, Session};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("capture lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    pub fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().expect("capture lock"))
            .lines()
            .map(str::to_string)
            .collect()
    }
    pub fn take(&self) -> Vec<String> {
        let lines = self.lines();
        self.0.lock().expect("capture lock").clear();
        lines
    }
    /// Waits until a line starting with `prefix` appears; returns all lines.
    pub fn wait_for(&self, prefix: &str, timeout: Duration) -> Vec<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if lines.iter().any(|l| l.starts_with(prefix)) {
                return lines;
            }
            assert!(
                start.elapsed() < timeout,
                "no '{prefix}' line within {timeout:?}: {lines:?}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

pub fn session() -> (Session, Capture) {
    let capture = Capture::default();
    (Session::new(Output::new(capture.clone())), capture)
}
