//! Reading tuning data: one position per line, `<FEN> | <result>`, the
//! result from White's point of view (`1-0`, `0-1`, `1/2-1/2`, or a number
//! from 0 to 1 such as `1.0`, `0.5`, `0.0`). Blank lines and lines starting
//! with `#` are skipped. Each position is reduced to its linear features
//! once, and all features are stored in one flat array.

use augur_chess::{Position, linear_features};
use augur_core::Game;
use rayon::prelude::*;
use std::path::Path;

/// One position: where its features are, its phase and its result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The game phase, 0..=24.
    pub phase: i32,
    /// The game result for White: 1, 0.5 or 0.
    pub result: f64,
    /// The position's features are `terms[start..end]`.
    pub start: usize,
    /// End of the features (exclusive).
    pub end: usize,
}

/// Every position's features, flattened.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The positions.
    pub entries: Vec<Entry>,
    /// `(weight index, coefficient)` pairs of all positions.
    pub terms: Vec<(u16, i16)>,
}

impl Dataset {
    /// The features of one entry.
    #[inline]
    pub fn terms_of(&self, entry: &Entry) -> &[(u16, i16)] {
        &self.terms[entry.start..entry.end]
    }

    /// Splits off the last `fraction` of the positions (in file order, so
    /// the positions of one game mostly land on the same side) as a
    /// validation set: `(training, validation)`.
    pub fn split_tail(mut self, fraction: f64) -> (Dataset, Dataset) {
        let n = self.entries.len();
        let keep = n - ((n as f64 * fraction.clamp(0.0, 1.0)) as usize).min(n);
        let tail_entries = self.entries.split_off(keep);
        let boundary = tail_entries.first().map_or(self.terms.len(), |e| e.start);
        let tail_terms = self.terms.split_off(boundary);
        let validation = Dataset {
            entries: tail_entries
                .into_iter()
                .map(|e| Entry {
                    start: e.start - boundary,
                    end: e.end - boundary,
                    ..e
                })
                .collect(),
            terms: tail_terms,
        };
        (self, validation)
    }

    /// Builds a dataset from positions and White's results.
    pub fn from_positions(samples: &[(Position, f64)]) -> Dataset {
        let features: Vec<_> = samples
            .par_iter()
            .map(|(pos, result)| (linear_features(pos), *result))
            .collect();
        let mut data = Dataset::default();
        for (f, result) in features {
            let start = data.terms.len();
            data.terms.extend_from_slice(&f.terms);
            data.entries.push(Entry {
                phase: f.phase,
                result,
                start,
                end: data.terms.len(),
            });
        }
        data
    }
}

/// Parses a result token: `1-0`, `0-1`, `1/2-1/2`, or a number in 0..=1.
pub fn parse_result(text: &str) -> Option<f64> {
    match text {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" | "½-½" => Some(0.5),
        _ => text.parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r)),
    }
}

/// Parses one data line; `Ok(None)` for blank and comment lines.
pub fn parse_line(line: &str) -> Result<Option<(Position, f64)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen, result) = line
        .rsplit_once('|')
        .ok_or_else(|| "expected `<FEN> | <result>`".to_string())?;
    let result = parse_result(result.trim()).ok_or_else(|| {
        format!(
            "bad result '{}' (expected 1-0, 0-1, 1/2-1/2 or a number from 0 to 1)",
            result.trim()
        )
    })?;
    let position = Position::from_fen(fen.trim()).map_err(|e| format!("bad FEN: {e}"))?;
    Ok(Some((position, result)))
}

/// Parses a whole data text; errors name the line.
pub fn parse_text(text: &str, source: &str) -> Result<Vec<(Position, f64)>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let parsed: Result<Vec<_>, String> = lines
        .par_iter()
        .enumerate()
        .map(|(number, line)| parse_line(line).map_err(|e| format!("{source}:{}: {e}", number + 1)))
        .collect();
    Ok(parsed?.into_iter().flatten().collect())
}

/// Reads a data file into a dataset.
pub fn load(path: &Path) -> Result<Dataset, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read data file {}: {e}", path.display()))?;
    let samples = parse_text(&text, &path.display().to_string())?;
    if samples.is_empty() {
        return Err(format!("{} holds no positions", path.display()));
    }
    Ok(Dataset::from_positions(&samples))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_every_notation() {
        assert_eq!(parse_result("1-0"), Some(1.0));
        assert_eq!(parse_result("0-1"), Some(0.0));
        assert_eq!(parse_result("1/2-1/2"), Some(0.5));
        assert_eq!(parse_result("0.5"), Some(0.5));
        assert_eq!(parse_result("1.0"), Some(1.0));
        assert_eq!(parse_result("2"), None);
        assert_eq!(parse_result("*"), None);
    }

    #[test]
    fn lines_and_errors() {
        let text = "# comment\n\
                    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1/2-1/2\n\
                    \n\
                    4k3/8/8/8/8/8/8/4KQ2 b - - 3 40 | 1-0\n";
        let samples = parse_text(text, "t").expect("valid");
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[1].1, 1.0);
        let data = Dataset::from_positions(&samples);
        assert_eq!(data.entries.len(), 2);
        assert_eq!(data.entries[0].phase, 24);

        let err = parse_text("8/8/8/8/8/8/8/8 w - - 0 1 | 1-0", "f").unwrap_err();
        assert!(err.starts_with("f:1: bad FEN"), "{err}");
        let err = parse_text("\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 | win", "f").unwrap_err();
        assert!(err.starts_with("f:2: bad result"), "{err}");
        let err = parse_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "f").unwrap_err();
        assert!(err.contains("expected `<FEN> | <result>`"), "{err}");
    }

    #[test]
    fn a_validation_tail_keeps_every_position_intact() {
        let samples: Vec<_> = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4KQ2 b - - 3 40",
            "4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 30",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ]
        .iter()
        .enumerate()
        .map(|(i, fen)| (Position::from_fen(fen).expect("valid"), i as f64 / 4.0))
        .collect();
        let whole = Dataset::from_positions(&samples);
        let (train, validation) = whole.clone().split_tail(0.5);
        assert_eq!((train.entries.len(), validation.entries.len()), (2, 2));
        let all = whole.entries.iter().map(|e| whole.terms_of(e).to_vec());
        let parts = train
            .entries
            .iter()
            .map(|e| train.terms_of(e).to_vec())
            .chain(
                validation
                    .entries
                    .iter()
                    .map(|e| validation.terms_of(e).to_vec()),
            );
        assert!(all.eq(parts));
        assert_eq!(validation.entries[1].result, 0.75);
        let (train, validation) = whole.split_tail(0.0);
        assert_eq!((train.entries.len(), validation.entries.len()), (4, 0));
    }

    #[test]
    fn a_missing_file_is_a_clear_error() {
        let err = load(Path::new("/nonexistent/augur-data.txt")).unwrap_err();
        assert!(err.contains("cannot read data file"), "{err}");
    }
}
