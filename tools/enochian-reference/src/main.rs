//! Command line of the Enochian chess reference generator.
//!
//! ```text
//! augur-enochian-reference perft <depth> [position]
//! augur-enochian-reference divide <depth> [position]
//! augur-enochian-reference moves                    (position strings on stdin)
//! augur-enochian-reference array <setting> <board> <d|w>
//! ```
//!
//! `moves` prints, for each input line,
//! `<canonical position>|<sorted space-separated move texts>|<in check 0/1>|<status>`
//! (status `ongoing`, `draw`, `won:bk` or `won:ry`) or `error: <reason>`.
//! The position may be given as one argument or as several (they are joined
//! with spaces); it defaults to the start position. `array` prints the start
//! position string of "`setting` of `board`" (each `earth`, `air`, `water`
//! or `fire`), clockwise (`d`) or widdershins (`w`).

use augur_enochian_reference::{
    Position, START, divide, in_check, legal_moves, perft, status, try_start_position,
};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  augur-enochian-reference perft <depth> [position]
  augur-enochian-reference divide <depth> [position]
  augur-enochian-reference moves            (reads position strings from stdin)
  augur-enochian-reference array <setting> <board> <d|w>";

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
                "{pos}|{}|{}|{}",
                texts.join(" "),
                if in_check(&pos) { 1 } else { 0 },
                status(&pos)
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
        Some("array") => {
            if args.len() != 4 {
                return Err(USAGE.into());
            }
            let clockwise = match args[3].as_str() {
                "d" => true,
                "w" => false,
                other => return Err(format!("bad direction '{other}' (d or w)")),
            };
            println!("{}", try_start_position(&args[1], &args[2], clockwise)?);
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
