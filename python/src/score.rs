//! `augur.Score` and `augur.PovScore`: a search's score, as python-chess
//! gives it (relative to the side to move, or from a team's view).

use augur_engine::Score as EngineScore;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A score from one side's view: centipawns, or moves to mate (negative:
/// being mated).
#[pyclass(module = "augur", frozen, eq)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    value: EngineScore,
}

impl Score {
    /// The engine's score.
    pub fn of(value: EngineScore) -> Self {
        Score { value }
    }

    fn negated(self) -> Self {
        Score::of(match self.value {
            EngineScore::Cp(cp) => EngineScore::Cp(-cp),
            EngineScore::Mate(moves) => EngineScore::Mate(-moves),
        })
    }
}

#[pymethods]
impl Score {
    /// Centipawns, or None for a mate score.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.value {
            EngineScore::Cp(cp) => Some(cp),
            EngineScore::Mate(_) => None,
        }
    }

    /// Moves to mate (negative: being mated), or None.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.value {
            EngineScore::Mate(moves) => Some(moves),
            EngineScore::Cp(_) => None,
        }
    }

    /// Whether this is a mate score.
    fn is_mate(&self) -> bool {
        matches!(self.value, EngineScore::Mate(_))
    }

    /// Centipawns; a mate score counts as `mate_score` less the moves to
    /// mate (None for a mate score when `mate_score` is not given).
    #[pyo3(signature = (*, mate_score=None))]
    fn score(&self, mate_score: Option<i32>) -> Option<i32> {
        match self.value {
            EngineScore::Cp(cp) => Some(cp),
            EngineScore::Mate(moves) => {
                mate_score.map(|m| if moves > 0 { m - moves } else { -m - moves })
            }
        }
    }

    /// The score as a dict: `{"cp": n}` or `{"mate": n}`.
    #[pyo3(name = "to_dict")]
    fn as_dict(&self) -> std::collections::HashMap<&'static str, i32> {
        match self.value {
            EngineScore::Cp(cp) => [("cp", cp)].into(),
            EngineScore::Mate(moves) => [("mate", moves)].into(),
        }
    }

    fn __neg__(&self) -> Self {
        self.negated()
    }

    fn __repr__(&self) -> String {
        match self.value {
            EngineScore::Cp(cp) => format!("Cp({cp:+})"),
            EngineScore::Mate(moves) => format!("Mate({moves:+})"),
        }
    }
}

/// A score with its point of view: `relative` is the side to move's
/// (`turn`'s team); `pov(team)` and `white()` (the first team's view) turn
/// it.
#[pyclass(module = "augur", frozen)]
#[derive(Clone, Debug)]
pub struct PovScore {
    relative: Score,
    turn: String,
    teams: Vec<String>,
}

impl PovScore {
    /// `score` for the team `turn`, one of `teams`.
    pub fn new(score: EngineScore, turn: String, teams: Vec<String>) -> Self {
        PovScore {
            relative: Score::of(score),
            turn,
            teams,
        }
    }
}

#[pymethods]
impl PovScore {
    /// The score from the side to move's view.
    #[getter]
    fn relative(&self) -> Score {
        self.relative
    }

    /// The team to move, whose view `relative` is.
    #[getter]
    fn turn(&self) -> &str {
        &self.turn
    }

    /// The score from `team`'s view (a team name: `"white"`, `"black"`,
    /// Enochian chess's team names; case does not matter).
    fn pov(&self, team: &str) -> PyResult<Score> {
        if team.eq_ignore_ascii_case(&self.turn) {
            Ok(self.relative)
        } else if self.teams.iter().any(|t| t.eq_ignore_ascii_case(team)) {
            Ok(self.relative.negated())
        } else {
            Err(PyValueError::new_err(format!(
                "no team {team:?}; the teams are {}",
                self.teams.join(", ")
            )))
        }
    }

    /// The score from the first team's view (white in chess).
    fn white(&self) -> PyResult<Score> {
        let first = self.teams.first().cloned().unwrap_or_default();
        self.pov(&first)
    }

    /// The score from the second team's view (black in chess).
    fn black(&self) -> PyResult<Score> {
        let second = self.teams.get(1).cloned().unwrap_or_default();
        self.pov(&second)
    }

    fn __repr__(&self) -> String {
        format!("PovScore({}, {:?})", self.relative.__repr__(), self.turn)
    }
}
