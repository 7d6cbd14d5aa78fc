//! augur-games: the one list of the games Augur plays.
//!
//! It owns [`Variant`] (one value per game, named by each game's
//! [`Game::NAME`](augur_core::Game::NAME), read with [`FromStr`] and a
//! clear error for unknown names, listed by [`Variant::ALL`]) and the one
//! dispatch point, [`with_game!`], that turns a [`Variant`] into code
//! on the game's position type. Everything that chooses a game by name (the
//! protocol's `UCI_Variant`, the command line's `--variant`, the arena,
//! self-play, the sparring player, benches and fuzz targets) goes through
//! here, so an unknown name is an error everywhere and never falls back to
//! chess.
//!
//! It also says how Augur searches each game ([`Variant::search_config`],
//! [`search_config`]): which of the search's optional techniques
//! ([`Switches`]) the game gained from in self-play. Every engine made for
//! a game takes its configuration from here.
//!
//! Adding a game: a variant below, its line in [`Variant::ALL`], in
//! [`with_game!`] and in [`Variant::search_config`] (see
//! `docs/adding-a-game.md`). What a game knows about itself (bench
//! positions, record tags, seats) lives with the game, on its
//! [`Game`](augur_core::Game) implementation.

use augur_core::Game;
use augur_search::{SearchConfig, Switches};
use std::fmt;
use std::str::FromStr;

pub use augur_chess as chess;
pub use augur_enochian as enochian;
pub use augur_oracle as oracle;
pub use augur_ultima as ultima;

/// One of the games Augur plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Variant {
    /// Standard chess ([`augur_chess::Position`]).
    #[default]
    Chess,
    /// Ultima, or Baroque chess ([`augur_ultima::Position`]).
    Ultima,
    /// Oracle chess ([`augur_oracle::Position`]).
    Oracle,
    /// Enochian chess ([`augur_enochian::Position`]).
    Enochian,
}

/// Runs `$body` with `$G` standing for the position type of the game
/// `$variant` names: the one place that maps a [`Variant`] to a type.
///
/// ```
/// use augur_core::Game;
/// use augur_games::{Variant, with_game};
/// let depth = with_game!(Variant::Oracle, G => G::BENCH_DEPTH);
/// assert_eq!(depth, 9);
/// ```
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $G:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Chess => {
                type $G = $crate::chess::Position;
                $body
            }
            $crate::Variant::Ultima => {
                type $G = $crate::ultima::Position;
                $body
            }
            $crate::Variant::Oracle => {
                type $G = $crate::oracle::Position;
                $body
            }
            $crate::Variant::Enochian => {
                type $G = $crate::enochian::Position;
                $body
            }
        }
    };
}

impl Variant {
    /// Every game, in the order menus and help texts list them.
    pub const ALL: [Variant; 4] = [
        Variant::Chess,
        Variant::Ultima,
        Variant::Oracle,
        Variant::Enochian,
    ];

    /// The game's name as `UCI_Variant` and `--variant` take it
    /// ([`Game::NAME`](augur_core::Game::NAME)).
    pub fn name(self) -> &'static str {
        with_game!(self, G => <G as Game>::NAME)
    }

    /// Every game's name, comma-separated (for help and error texts).
    pub fn names() -> String {
        Self::ALL.map(Variant::name).join(", ")
    }

    /// The options the game declares ([`augur_core::Game::OPTIONS`]).
    pub fn options(self) -> &'static [augur_core::GameOption] {
        with_game!(self, G => <G as Game>::OPTIONS)
    }

    /// Every game's declared options, in game order, each name once.
    pub fn all_options() -> Vec<augur_core::GameOption> {
        let mut options: Vec<augur_core::GameOption> = Vec::new();
        for option in Self::ALL.iter().flat_map(|v| v.options()) {
            if !options
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(option.name))
            {
                options.push(*option);
            }
        }
        options
    }

    /// Reads a value of the game's text option `name`
    /// ([`augur_core::Game::read_option`]).
    pub fn read_option(self, name: &str, value: &str) -> Result<String, String> {
        with_game!(self, G => <G as Game>::read_option(name, value))
    }

    /// The position string the standard start means under the option
    /// values `values`; `None` for the game's own start.
    pub fn start_for_options(self, values: &augur_core::OptionValues) -> Option<String> {
        with_game!(self, G => <G as Game>::start_for_options(values).map(|p| Game::fen(&p)))
    }

    /// Whether the game reads and writes positions in Chess960 mode under
    /// the option values `values`.
    pub fn chess960_for_options(self, values: &augur_core::OptionValues) -> bool {
        with_game!(self, G => <G as Game>::chess960_for_options(values))
    }

    /// The position string of the game's standard start played with chance
    /// (Enochian divination: the die not rolled yet); `None` for games
    /// without chance.
    pub fn divination_start(self) -> Option<String> {
        with_game!(self, G => <G as Game>::startpos_with_chance().map(|p| Game::fen(&p)))
    }

    /// The game whose position type is `G`; `None` for a type the
    /// registry does not know (a test's toy game). Games are told apart by
    /// [`Game::NAME`].
    pub fn of<G: Game>() -> Option<Variant> {
        Self::ALL.into_iter().find(|v| v.name() == G::NAME)
    }

    /// How Augur searches this game: the default parameters and the
    /// search techniques the game gained from in self-play
    /// (`docs/strength.md`). Chess switches all of them on; the other
    /// games were not measured with them and keep them off.
    pub fn search_config(self) -> SearchConfig {
        let switches = match self {
            Variant::Chess => Switches::ALL,
            Variant::Ultima | Variant::Oracle | Variant::Enochian => Switches::OFF,
        };
        SearchConfig::with_switches(switches)
    }

    /// Whether this is standard chess, which engines and GUIs know without
    /// a `UCI_Variant` option (its records carry no `Variant` tag).
    pub fn is_standard(self) -> bool {
        with_game!(self, G => <G as Game>::PGN_VARIANT.is_none())
    }
}

/// How Augur searches the game whose position type is `G`
/// ([`Variant::search_config`]), for code generic over the game; a type the
/// registry does not know searches with the default configuration.
pub fn search_config<G: Game>() -> SearchConfig {
    Variant::of::<G>().map_or_else(SearchConfig::default, Variant::search_config)
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that names no game Augur plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game '{}' (known: {})", self.0, Variant::names())
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a game name, without regard to case or surrounding spaces.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim();
        Self::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownVariant(wanted.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_games_and_read_back() {
        assert_eq!(Variant::names(), "chess, ultima, oracle, enochian");
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(variant.to_string().to_uppercase().parse(), Ok(variant));
            let name = with_game!(variant, G => G::NAME);
            assert_eq!(name, variant.name());
        }
        assert_eq!(" Oracle ".parse(), Ok(Variant::Oracle));
    }

    #[test]
    fn each_game_is_found_by_its_type_and_only_chess_switches_the_search_techniques_on() {
        for variant in Variant::ALL {
            with_game!(variant, G => {
                assert_eq!(Variant::of::<G>(), Some(variant));
                assert_eq!(search_config::<G>(), variant.search_config());
            });
            let config = variant.search_config();
            assert_eq!(config.params, augur_search::SearchParams::default());
            let expected = if variant == Variant::Chess {
                Switches::ALL
            } else {
                Switches::OFF
            };
            assert_eq!(config.switches, expected, "{variant}");
        }
    }

    #[test]
    fn unknown_names_are_errors_never_chess() {
        for text in ["", "checkers", "chess960", "ultimate"] {
            let error = text.parse::<Variant>().unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("unknown game '{text}' (known: chess, ultima, oracle, enochian)")
            );
        }
    }

    #[test]
    fn only_chess_is_standard_and_every_bench_position_reads() {
        for variant in Variant::ALL {
            assert_eq!(variant.is_standard(), variant == Variant::Chess);
            with_game!(variant, G => {
                assert!(!G::BENCH_POSITIONS.is_empty());
                for text in G::BENCH_POSITIONS {
                    let position = G::from_fen(text).expect("bench positions read");
                    assert_eq!(position.fen(), *text, "{variant}: canonical");
                }
                assert_eq!(G::SEAT_NAMES.len(), G::SEAT_TEAMS.len());
            });
        }
    }
}
