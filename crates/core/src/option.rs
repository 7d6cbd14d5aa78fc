//! Options a game declares for itself (Enochian chess's starting array and
//! divination). The protocol announces them with the engine's own options
//! and hands their values back to the game, which alone knows what they
//! mean; no front end names them.

/// One option a game declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The option's name as `setoption` takes it (`UCI_Enochian_Array`).
    pub name: &'static str,
    /// Its type and default.
    pub kind: GameOptionKind,
}

/// The type of a [`GameOption`] and its default value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOptionKind {
    /// `true` or `false`.
    Check {
        /// The value until set.
        default: bool,
    },
    /// Text the game reads ([`crate::Game::read_option`]).
    Text {
        /// The value until set, as the game writes it.
        default: &'static str,
    },
}

impl GameOption {
    /// The default value as text (`true`, `false`, or the text).
    pub fn default_text(&self) -> String {
        match self.kind {
            GameOptionKind::Check { default } => default.to_string(),
            GameOptionKind::Text { default } => default.to_string(),
        }
    }
}

/// The current values of a game's options: (name, value as text), one per
/// declared option.
pub type OptionValues = [(String, String)];

/// The value of option `name` among `values` (names compared without regard
/// to case).
pub fn option_value<'a>(values: &'a OptionValues, name: &str) -> Option<&'a str> {
    values
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}
