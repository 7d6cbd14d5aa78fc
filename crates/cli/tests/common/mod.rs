//! The `augur` binary as a child process for the integration tests: lines
//! in, lines out.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A running engine and its output, one line at a time.
pub struct Augur {
    /// The process.
    pub child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Augur {
    /// Starts the binary under test.
    pub fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_augur"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start augur");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The next output line, failing the test after 30 s of silence.
    pub fn next_line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(30))
            .expect("the engine answers within 30 s")
    }

    /// Sends `quit` and checks that the process exits cleanly.
    pub fn quit(self) {
        self.quit_reading();
    }

    /// Sends `quit`, checks the exit, and returns every line not read yet.
    pub fn quit_reading(mut self) -> Vec<String> {
        self.send("quit");
        let mut rest = Vec::new();
        // The channel closes when the engine closes its output.
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(30)) {
            rest.push(line);
        }
        assert!(self.child.wait().expect("exit").success());
        rest
    }
}
