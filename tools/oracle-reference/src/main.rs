//! Command line of the Oracle chess reference generator.
//!
//! ```text
//! augur-oracle-reference perft <depth> [position]
//! augur-oracle-reference divide <depth> [position]
//! augur-oracle-reference moves                      (position strings on stdin)
//! ```
//!
//! `moves` prints, for each input line,
//! `<canonical position>|<sorted space-separated move texts>|<in check 0/1>`
//! or `error: <reason>`. The position may be given as one argument or as
//! several (they are joined with spaces); it defaults to the start position.

use augur_oracle_reference::{Position, START, divide, in_check, legal_moves, perft};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  augur-oracle-reference perft <depth> [position]
  augur-oracle-reference divide <depth> [position]
  augur-oracle-reference moves            (reads position strings from stdin)";

fn position_arg(args: &[String]) -> Result<Position, String> {
    let text = if args.is_empty() {
        START.to_string()
    } else {
        args.join(" ")
    };
    Position::parse(&text).map_err(|e| format!("bad position: {e}"))
}

fn depth_arg(arg: Option<&String>) -> Result<u32, String> {
    arg.ok_or("missing depth")?
        .parse()
        .map_err(|_| "bad depth".to_string())
}

/// One line of the `moves` command.
fn moves_line(line: &str) -> String {
    match Position::parse(line) {
        Err(e) => format!("error: {e}"),
        Ok(pos) => {
            let mut texts: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
            texts.sort();
            format!(
                "{pos}|{}|{}",
                texts.join(" "),
                if in_check(&pos) { 1 } else { 0 }
            )
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("perft") => {
            let depth = depth_arg(args.get(1))?;
            let pos = position_arg(&args[2..])?;
            let start = Instant::now();
            let n = perft(&pos, depth);
            println!("{n}");
            eprintln!("{:.3}s", start.elapsed().as_secs_f64());
            Ok(())
        }
        Some("divide") => {
            let depth = depth_arg(args.get(1))?;
            let pos = position_arg(&args[2..])?;
            let mut total = 0;
            for (mv, n) in divide(&pos, depth) {
                println!("{mv} {n}");
                total += n;
            }
            println!("total {total}");
            Ok(())
        }
        Some("moves") => {
            let stdin = io::stdin();
            let mut out = BufWriter::new(io::stdout().lock());
            for line in stdin.lock().lines() {
                let line = line.map_err(|e| format!("reading stdin: {e}"))?;
                writeln!(out, "{}", moves_line(&line)).map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        _ => Err(USAGE.into()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
