//! augur-greedy: a 1-ply greedy material player for every Augur game, a
//! deliberately weak opponent for the arena (`augur-arena`). It speaks the
//! UCI-style protocol of `augur` (`uci`, `isready`, `ucinewgame`,
//! `setoption`, `position`, `go`, `stop`, `quit`, `d`), chooses the game with
//! `setoption name UCI_Variant value chess|ultima|oracle|enochian`, and
//! ignores options it does not know.
//!
//! On `go` (whatever its limits) it answers at once with the legal move
//! whose resulting position has the best `evaluate_material()` from the
//! mover's team's view (the child's score is negated only when the child's
//! team to move is the other team; a child with a roll pending is scored as
//! it is). A move that ends the game scores above (a win) or below (a loss)
//! every material score, a draw scores 0. Ties are broken at random with a
//! generator seeded by the `Seed` option (default 0) and the position's key,
//! so games vary from position to position but repeat exactly.
//!
//! Enochian chess: move lists carry rolls (`4:h8h6Q`) and may end with the
//! roll of the army to move (`3:`); `go` without a known roll is an error
//! (answered `bestmove (none)`). It never offers the exchange of prisoners
//! (moves needing the other team's agreement are skipped), unless it is the
//! only legal move and has not been declined in this position; it answers
//! `exchange offer` with `exchange decline`, and `exchange declined` needs
//! nothing more.
//!
//! This is the kind of play of the one public Enochian engine: no search,
//! material only.

use std::io::{BufRead, Write};

use augur_core::{Evaluate, MoveList};
use augur_games::{Variant, with_game};
use rand::prelude::*;

/// A move's score that beats every material score: a won game.
const WIN: i32 = 1_000_000;

/// One game's state behind the protocol.
trait Player {
    /// Sets the position: `fen` (or the start) and protocol move texts.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// The move to play, as protocol text; `None` when there is none.
    fn best(&self, seed: u64) -> Result<Option<String>, String>;
    /// Notes that the other team declined the exchange offered here.
    fn declined(&mut self);
    /// The position string.
    fn fen(&self) -> String;
}

/// A position of game `G` with the keys of the positions before it.
struct Greedy<G: Evaluate> {
    position: G,
    history: Vec<u64>,
    declined: Option<u64>,
}

impl<G: Evaluate> Greedy<G> {
    fn new() -> Self {
        Self {
            position: G::startpos(),
            history: Vec::new(),
            declined: None,
        }
    }
}

impl<G: Evaluate> Player for Greedy<G> {
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let position = match fen {
            Some(fen) => G::from_fen(fen).map_err(|e| e.to_string())?,
            None => G::startpos(),
        };
        let replayed = augur_core::replay(position, moves).map_err(|e| e.to_string())?;
        self.position = replayed.position;
        self.history = replayed.history;
        self.declined = None;
        Ok(())
    }

    fn best(&self, seed: u64) -> Result<Option<String>, String> {
        if self.position.chance_outcomes() > 0 {
            return Err(
                "the roll of the army to move is not known (end the move list with '<roll>:')"
                    .into(),
            );
        }
        let offers = self.declined != Some(self.position.hash());
        Ok(choose(&self.position, &self.history, seed, offers)
            .map(|mv| self.position.move_text(mv)))
    }

    fn declined(&mut self) {
        self.declined = Some(self.position.hash());
    }

    fn fen(&self) -> String {
        self.position.fen()
    }
}

/// The score of playing `mv` in `position`, from the mover's team's view.
fn score<G: Evaluate>(position: &G, history: &[u64], mv: G::Move) -> Option<i32> {
    let child = position.play(mv);
    let mut keys = history.to_vec();
    keys.push(position.hash());
    if let Some(outcome) = child.outcome_with_history(&keys) {
        return Some(match outcome.winner {
            Some(team) if team == position.team() => WIN,
            Some(_) => -WIN,
            None => 0,
        });
    }
    let material = child.evaluate_material();
    Some(if child.team() == position.team() {
        material
    } else {
        -material
    })
}

/// The greedy choice: the best-scoring legal move that needs no agreement
/// (an agreement move only when nothing else is legal and `offers`), ties
/// broken by a generator seeded with `seed` and the position's key.
fn choose<G: Evaluate>(position: &G, history: &[u64], seed: u64, offers: bool) -> Option<G::Move> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    let all: Vec<G::Move> = list.iter().copied().collect();
    let mut candidates: Vec<G::Move> = all
        .iter()
        .copied()
        .filter(|&mv| !position.needs_agreement(mv))
        .collect();
    if candidates.is_empty() && offers {
        candidates = all;
    }
    let mut best = Vec::new();
    let mut best_score = i32::MIN;
    for mv in candidates {
        let Some(s) = score(position, history, mv) else {
            continue;
        };
        if s > best_score {
            best_score = s;
            best.clear();
        }
        if s == best_score {
            best.push(mv);
        }
    }
    let mut rng = StdRng::seed_from_u64(seed ^ position.hash().rotate_left(23));
    best.choose(&mut rng).copied()
}

fn new_player(variant: Variant) -> Box<dyn Player> {
    with_game!(variant, G => Box::new(Greedy::<G>::new()))
}

/// `setoption name <N...> value <V...>` as (name, value).
fn option_pair(tokens: &[&str]) -> (String, String) {
    let name_at = tokens
        .iter()
        .position(|t| *t == "name")
        .map_or(0, |i| i + 1);
    let value_at = tokens.iter().position(|t| *t == "value");
    let name_end = value_at.unwrap_or(tokens.len()).max(name_at);
    let name = tokens[name_at..name_end].join(" ");
    let value = value_at.map_or(String::new(), |i| tokens[i + 1..].join(" "));
    (name, value)
}

/// `position startpos|fen <F...> [moves <M>...]` as (fen, moves).
fn position_args<'a>(tokens: &[&'a str]) -> Result<(Option<String>, Vec<&'a str>), String> {
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let head = &tokens[1..moves_at.unwrap_or(tokens.len())];
    let moves = moves_at.map_or(Vec::new(), |i| tokens[i + 1..].to_vec());
    match head.first() {
        Some(&"startpos") => Ok((None, moves)),
        Some(&"fen") if head.len() > 1 => Ok((Some(head[1..].join(" ")), moves)),
        _ => Err("position: expected 'startpos' or 'fen <position>'".into()),
    }
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut variant = Variant::default();
    let mut player = new_player(variant);
    let mut seed = 0u64;
    let say = |out: &mut std::io::StdoutLock<'_>, line: &str| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.first().copied() {
            Some("uci") => {
                say(&mut out, "id name augur-greedy");
                say(&mut out, "id author the Augur developers");
                let vars: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
                say(
                    &mut out,
                    &format!(
                        "option name UCI_Variant type combo default {} {}",
                        Variant::default(),
                        vars.join(" ")
                    ),
                );
                say(
                    &mut out,
                    "option name Seed type spin default 0 min 0 max 2147483647",
                );
                say(&mut out, "uciok");
            }
            Some("isready") => say(&mut out, "readyok"),
            Some("setoption") => {
                let (name, value) = option_pair(&tokens);
                match name.to_ascii_lowercase().as_str() {
                    "uci_variant" => match value.parse::<Variant>() {
                        Ok(chosen) => {
                            player = new_player(chosen);
                            variant = chosen;
                        }
                        Err(e) => say(&mut out, &format!("info string error: {e}")),
                    },
                    "seed" => match value.parse() {
                        Ok(v) => seed = v,
                        Err(_) => say(&mut out, &format!("info string error: bad Seed '{value}'")),
                    },
                    _ => {}
                }
            }
            Some("ucinewgame") => {
                player = new_player(variant);
            }
            Some("position") => {
                let result = position_args(&tokens)
                    .and_then(|(fen, moves)| player.set_position(fen.as_deref(), &moves));
                if let Err(e) = result {
                    say(&mut out, &format!("info string error: {e}"));
                }
            }
            Some("go") => match player.best(seed) {
                Ok(Some(mv)) => say(&mut out, &format!("bestmove {mv}")),
                Ok(None) => say(&mut out, "bestmove (none)"),
                Err(e) => {
                    say(&mut out, &format!("info string error: {e}"));
                    say(&mut out, "bestmove (none)");
                }
            },
            Some("exchange") => match tokens.get(1).copied() {
                Some("offer") => say(&mut out, "exchange decline"),
                Some("declined") => player.declined(),
                _ => say(&mut out, "info string error: exchange offer|declined"),
            },
            Some("d") => say(&mut out, &format!("info string position {}", player.fen())),
            Some("quit") => break,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_core::Game;

    #[test]
    fn greedy_takes_the_most_material() {
        // White takes the undefended queen rather than the pawn.
        let position =
            augur_games::chess::Position::from_fen("4k3/8/8/3q4/4P3/1p6/P7/4K3 w - - 0 1")
                .expect("fen");
        let mv = choose(&position, &[], 0, true).expect("a move");
        assert_eq!(position.move_text(mv), "e4d5");
        // Mate in one wins over material.
        let mate = augur_games::chess::Position::from_fen("6k1/5ppp/8/8/8/8/q7/4R1K1 w - - 0 1")
            .expect("fen");
        let mv = choose(&mate, &[], 0, true).expect("a move");
        assert_eq!(mate.move_text(mv), "e1e8");
    }

    #[test]
    fn enochian_rolls_and_no_offers() {
        let mut player = Greedy::<augur_games::enochian::Position>::new();
        let start = augur_games::enochian::START;
        let divination = format!("{}?", &start[..start.len() - 1]);
        player
            .set_position(Some(&divination), &["3:"])
            .expect("position");
        assert!(player.best(0).expect("rolled").is_some());
        player
            .set_position(Some(&divination), &[])
            .expect("pending");
        assert!(player.best(0).is_err(), "no roll, no move");
        // Both teams have lost a King: the exchange is legal but never
        // offered while other moves exist.
        let exchange = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";
        player.set_position(Some(exchange), &[]).expect("position");
        for seed in 0..20 {
            assert_ne!(
                player.best(seed).expect("move").as_deref(),
                Some("exchange")
            );
        }
        // Seeds vary the choice among equal moves, reproducibly.
        let picks: std::collections::HashSet<_> = (0..20)
            .map(|seed| player.best(seed).expect("move"))
            .collect();
        assert!(picks.len() > 1);
        assert_eq!(player.best(5).expect("move"), player.best(5).expect("move"));
    }
}
