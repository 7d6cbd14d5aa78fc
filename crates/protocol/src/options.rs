//! The engine options `uci` announces, and checking `setoption` values.

use augur_core::GameOptionKind;
use augur_engine::eval_file::{EMBEDDED_NETWORK_NAME, names_embedded};
use augur_games::Variant;
use augur_search::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO};
use augur_search::{SearchParams, Strength, TablebaseSettings};
use std::fmt::Write as _;

/// Upper bound of the `Hash` option in MB.
pub const MAX_HASH_MB: usize = 65_536;
/// Upper bound of the `Threads` option.
pub const MAX_THREADS: usize = 1024;
/// Upper bound of the `MultiPV` option.
pub const MAX_MULTIPV: usize = 256;
/// Upper bound of the `Move Overhead` option in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// Upper bound of the `SyzygyProbeDepth` option.
pub const MAX_SYZYGY_PROBE_DEPTH: u32 = 100;
/// Upper bound of the `SyzygyProbeLimit` option (the largest Syzygy tables).
pub const MAX_SYZYGY_PROBE_LIMIT: u32 = 7;

/// Current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`, MB.
    pub hash_mb: usize,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multipv: usize,
    /// `Ponder` (informative: the GUI decides whether to ponder).
    pub ponder: bool,
    /// `Move Overhead`, ms.
    pub move_overhead_ms: u64,
    /// `UCI_Variant`.
    pub variant: Variant,
    /// `UCI_ShowWDL`.
    pub show_wdl: bool,
    /// `Material Only`: evaluate material only (a weak test opponent).
    pub material_only: bool,
    /// `Use NNUE`: chess evaluates with the network; off, with the
    /// hand-written evaluation (the other games have only one).
    pub use_nnue: bool,
    /// `EvalFile`: the chess network's file, or
    /// [`EMBEDDED_NETWORK_NAME`] for the one built in (`crate::eval_file`).
    pub eval_file: String,
    /// The options the games declare (Enochian chess's
    /// `UCI_Enochian_Array` and `UCI_Enochian_Divination`): every declared
    /// option's name and value as the game read it.
    pub game_options: Vec<(String, String)>,
    /// `Dice Lookahead`: average over future rolls (expectimax); false
    /// ignores them beyond the root.
    pub dice_lookahead: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength played with `UCI_LimitStrength`.
    pub elo: u32,
    /// `Skill Level` (0-20; 20 is full strength unless `UCI_LimitStrength`).
    pub skill_level: u32,
    /// `SyzygyPath`: folders of Syzygy tables, separated by `:`
    /// (`<empty>`: none).
    pub syzygy_path: String,
    /// `SyzygyProbeDepth`, `Syzygy50MoveRule` and `SyzygyProbeLimit`.
    pub syzygy: TablebaseSettings,
    /// The search's tunable parameters, options of their own in builds
    /// with the `tune` feature (other builds keep the defaults).
    pub search_params: SearchParams,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead_ms: 30,
            variant: Variant::Chess,
            show_wdl: false,
            material_only: false,
            use_nnue: augur_search::NETWORK_BY_DEFAULT,
            eval_file: EMBEDDED_NETWORK_NAME.to_string(),
            game_options: Variant::all_options()
                .iter()
                .map(|o| (o.name.to_string(), o.default_text()))
                .collect(),
            dice_lookahead: true,
            limit_strength: false,
            elo: MAX_ELO,
            skill_level: MAX_SKILL_LEVEL,
            syzygy_path: "<empty>".to_string(),
            syzygy: TablebaseSettings::default(),
            search_params: SearchParams::default(),
        }
    }
}

/// What a successful `setoption` changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The table must be resized.
    Hash,
    /// The thread count changed.
    Threads,
    /// The table must be cleared.
    ClearHash,
    /// The game changed.
    Variant,
    /// An option a game declares changed (its start, Chess960).
    Start,
    /// `EvalFile` changed: the network must be read and chosen.
    EvalFile,
    /// `SyzygyPath` changed: the tables must be loaded.
    SyzygyPath,
    /// Nothing the engine must act on beyond the stored value.
    Setting,
}

fn spin<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
    name: &str,
    value: Option<&str>,
    min: T,
    max: T,
) -> Result<T, String> {
    let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
    match text.trim().parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(format!(
            "option '{name}': '{text}' is not a number from {min} to {max}"
        )),
    }
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::trim) {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(format!("option '{name}': '{other}' is not true or false")),
        None => Err(format!("option '{name}' needs a value (true or false)")),
    }
}

impl Options {
    /// The `option` lines of the `uci` answer.
    pub fn announce(&self) -> String {
        let defaults = Options::default();
        let mut text = String::new();
        let _ = writeln!(
            text,
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            defaults.hash_mb
        );
        let _ = writeln!(
            text,
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        );
        let _ = writeln!(
            text,
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        );
        let _ = writeln!(text, "option name Ponder type check default false");
        let _ = writeln!(
            text,
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            defaults.move_overhead_ms
        );
        let _ = writeln!(text, "option name Clear Hash type button");
        let vars: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
        let _ = writeln!(
            text,
            "option name UCI_Variant type combo default {} {}",
            defaults.variant,
            vars.join(" ")
        );
        let _ = writeln!(text, "option name UCI_ShowWDL type check default false");
        let _ = writeln!(text, "option name Material Only type check default false");
        let _ = writeln!(
            text,
            "option name Use NNUE type check default {}",
            defaults.use_nnue
        );
        let _ = writeln!(
            text,
            "option name EvalFile type string default {EMBEDDED_NETWORK_NAME}"
        );
        // The options the games declare.
        for option in Variant::all_options() {
            let kind = match option.kind {
                GameOptionKind::Check { .. } => "check",
                GameOptionKind::Text { .. } => "string",
            };
            let _ = writeln!(
                text,
                "option name {} type {kind} default {}",
                option.name,
                option.default_text()
            );
        }
        let _ = writeln!(text, "option name Dice Lookahead type check default true");
        let _ = writeln!(
            text,
            "option name UCI_LimitStrength type check default false"
        );
        let _ = writeln!(
            text,
            "option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}"
        );
        let _ = writeln!(
            text,
            "option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max {MAX_SKILL_LEVEL}"
        );
        let _ = writeln!(
            text,
            "option name SyzygyPath type string default {}",
            defaults.syzygy_path
        );
        let _ = writeln!(
            text,
            "option name SyzygyProbeDepth type spin default {} min 1 max {MAX_SYZYGY_PROBE_DEPTH}",
            defaults.syzygy.probe_depth
        );
        let _ = writeln!(
            text,
            "option name Syzygy50MoveRule type check default {}",
            defaults.syzygy.rule50
        );
        let _ = write!(
            text,
            "option name SyzygyProbeLimit type spin default {} min 0 max {MAX_SYZYGY_PROBE_LIMIT}",
            defaults.syzygy.probe_limit
        );
        // Tuning builds also list the search's tunable parameters.
        #[cfg(feature = "tune")]
        for t in SearchParams::tunables() {
            let _ = write!(
                text,
                "\noption name {} type spin default {} min {} max {}",
                t.name(),
                t.default_value(),
                t.min(),
                t.max()
            );
        }
        text
    }

    /// Applies `setoption name <name> [value <value>]`; names are matched
    /// without regard to case. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Change, String> {
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = spin(name, value, 1, MAX_HASH_MB)?;
                Ok(Change::Hash)
            }
            "threads" => {
                self.threads = spin(name, value, 1, MAX_THREADS)?;
                Ok(Change::Threads)
            }
            "multipv" => {
                self.multipv = spin(name, value, 1, MAX_MULTIPV)?;
                Ok(Change::Setting)
            }
            "ponder" => {
                self.ponder = check(name, value)?;
                Ok(Change::Setting)
            }
            "move overhead" => {
                self.move_overhead_ms = spin(name, value, 0, MAX_MOVE_OVERHEAD_MS)?;
                Ok(Change::Setting)
            }
            "clear hash" => Ok(Change::ClearHash),
            "uci_showwdl" => {
                self.show_wdl = check(name, value)?;
                Ok(Change::Setting)
            }
            "material only" => {
                self.material_only = check(name, value)?;
                Ok(Change::Setting)
            }
            "use nnue" => {
                self.use_nnue = check(name, value)?;
                Ok(Change::Setting)
            }
            "evalfile" => {
                let wanted = value.map(str::trim).unwrap_or("");
                self.eval_file = if names_embedded(wanted) {
                    EMBEDDED_NETWORK_NAME.to_string()
                } else {
                    wanted.to_string()
                };
                Ok(Change::EvalFile)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, value)?;
                Ok(Change::Setting)
            }
            "uci_elo" => {
                self.elo = spin(name, value, MIN_ELO, MAX_ELO)?;
                Ok(Change::Setting)
            }
            "skill level" => {
                self.skill_level = spin(name, value, 0, MAX_SKILL_LEVEL)?;
                Ok(Change::Setting)
            }
            "syzygypath" => {
                let wanted = value.map(str::trim).unwrap_or("");
                self.syzygy_path = if wanted.is_empty() {
                    "<empty>".to_string()
                } else {
                    wanted.to_string()
                };
                Ok(Change::SyzygyPath)
            }
            "syzygyprobedepth" => {
                self.syzygy.probe_depth = spin(name, value, 1, MAX_SYZYGY_PROBE_DEPTH)?;
                Ok(Change::Setting)
            }
            "syzygy50moverule" => {
                self.syzygy.rule50 = check(name, value)?;
                Ok(Change::Setting)
            }
            "syzygyprobelimit" => {
                self.syzygy.probe_limit = spin(name, value, 0, MAX_SYZYGY_PROBE_LIMIT)?;
                Ok(Change::Setting)
            }
            "dice lookahead" => {
                self.dice_lookahead = check(name, value)?;
                Ok(Change::Setting)
            }
            "uci_variant" => {
                self.variant = value
                    .unwrap_or("")
                    .parse()
                    .map_err(|e| format!("option 'UCI_Variant': {e}"))?;
                Ok(Change::Variant)
            }
            _ if self.set_game_option(name, value)? => Ok(Change::Start),
            _ => {
                // Tuning builds also take the search's tunable parameters.
                #[cfg(feature = "tune")]
                if let Some(tunable) = SearchParams::find(name) {
                    let value = spin(name, value, tunable.min(), tunable.max())?;
                    self.search_params.set(tunable.name(), value)?;
                    return Ok(Change::Setting);
                }
                Err(format!("unknown option '{name}'"))
            }
        }
    }
}

impl Options {
    /// Sets an option a game declares; `false` when no game declares
    /// `name`. The game reads text values ([`Variant::read_option`]).
    fn set_game_option(&mut self, name: &str, value: Option<&str>) -> Result<bool, String> {
        let Some((variant, option)) = Variant::ALL.iter().find_map(|&v| {
            v.options()
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
                .map(|o| (v, *o))
        }) else {
            return Ok(false);
        };
        let read = match option.kind {
            GameOptionKind::Check { .. } => check(option.name, value)?.to_string(),
            GameOptionKind::Text { .. } => variant
                .read_option(option.name, value.unwrap_or(""))
                .map_err(|e| format!("option '{}': {e}", option.name))?,
        };
        match self
            .game_options
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(option.name))
        {
            Some((_, held)) => *held = read,
            None => self.game_options.push((option.name.to_string(), read)),
        }
        Ok(true)
    }
}

impl Options {
    /// The engine settings these options choose.
    pub fn engine_config(&self) -> augur_engine::Config {
        augur_engine::Config {
            hash_mb: self.hash_mb,
            threads: self.threads,
            multipv: self.multipv,
            move_overhead_ms: self.move_overhead_ms,
            material_only: self.material_only,
            use_network: self.use_nnue,
            strength: self.strength(),
            dice_lookahead: self.dice_lookahead,
            tablebases: self.syzygy,
            chess960: self.variant.chess960_for_options(&self.game_options),
            // A GUI's weakened engine plays differently every game.
            seed: None,
            search_params: self.search_params,
        }
    }

    /// The strength the options ask for: `UCI_Elo` with
    /// `UCI_LimitStrength` (below its top, which is full strength), else
    /// `Skill Level` below 20; `None` for full strength.
    pub fn strength(&self) -> Option<Strength> {
        if self.limit_strength && self.elo < MAX_ELO {
            Some(Strength::from_elo(self.elo))
        } else if self.limit_strength {
            None // The top of the scale is full strength.
        } else if self.skill_level < MAX_SKILL_LEVEL {
            Some(Strength::from_skill_level(self.skill_level))
        } else {
            None
        }
    }

    /// Whether chess searches with the hand-written evaluation: when
    /// `Use NNUE` is off, and at every limited strength (`UCI_Elo`,
    /// `Skill Level`), whose levels were calibrated with it.
    pub fn hand_evaluation(&self) -> bool {
        !self.use_nnue || self.strength().is_some()
    }

    /// The position `startpos` means in `variant` when the game's options
    /// choose it (Enochian chess: `UCI_Enochian_Array` and
    /// `UCI_Enochian_Divination`); `None` for the game's standard start.
    pub fn start_position(&self, variant: Variant) -> Option<String> {
        variant.start_for_options(&self.game_options)
    }

    /// The value of a game's option (as read), if a game declares it.
    pub fn game_option(&self, name: &str) -> Option<&str> {
        augur_core::option_value(&self.game_options, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_and_errors_change_nothing() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Change::Hash));
        assert_eq!(options.hash_mb, 64);
        for (name, value) in [
            ("Hash", Some("0")),
            ("Hash", Some("99999999")),
            ("Hash", Some("x")),
            ("Hash", None),
            ("Threads", Some("-1")),
            ("MultiPV", Some("1000")),
            ("Ponder", Some("yes")),
            ("Move Overhead", Some("5001")),
            ("UCI_Variant", Some("checkers")),
            ("UCI_Enochian_Array", Some("water of mud")),
            ("UCI_Enochian_Array", None),
            ("UCI_Enochian_Divination", Some("1")),
            ("Dice Lookahead", None),
            ("UCI_Chess960", Some("yes")),
            ("Use NNUE", Some("on")),
            ("SyzygyProbeDepth", Some("0")),
            ("SyzygyProbeDepth", Some("101")),
            ("SyzygyProbeLimit", Some("8")),
            ("SyzygyProbeLimit", Some("-1")),
            ("Syzygy50MoveRule", Some("1")),
            ("Syzygy50MoveRule", None),
            ("Nonsense", Some("1")),
        ] {
            let before = options.clone();
            assert!(options.set(name, value).is_err(), "{name} {value:?}");
            assert_eq!(options, before);
        }
        assert_eq!(
            options.set("MOVE OVERHEAD", Some("100")),
            Ok(Change::Setting)
        );
        assert_eq!(options.move_overhead_ms, 100);
        assert_eq!(options.set("Clear Hash", None), Ok(Change::ClearHash));
        assert_eq!(options.set("uci_chess960", Some("true")), Ok(Change::Start));
        assert!(options.engine_config().chess960);
        assert_eq!(options.use_nnue, augur_search::NETWORK_BY_DEFAULT);
        assert_eq!(options.set("use nnue", Some("false")), Ok(Change::Setting));
        assert!(!options.use_nnue);
        assert_eq!(options.eval_file, EMBEDDED_NETWORK_NAME);
        assert_eq!(
            options.set("EvalFile", Some(" nets/x.nnue ")),
            Ok(Change::EvalFile)
        );
        assert_eq!(options.eval_file, "nets/x.nnue");
        for empty in [None, Some(""), Some("<empty>")] {
            assert_eq!(options.set("evalfile", empty), Ok(Change::EvalFile));
            assert_eq!(options.eval_file, EMBEDDED_NETWORK_NAME);
        }
        // The top of the UCI_Elo scale is full strength (helpers allowed).
        options
            .set("UCI_LimitStrength", Some("true"))
            .expect("valid");
        options
            .set("UCI_Elo", Some(&MAX_ELO.to_string()))
            .expect("valid");
        assert_eq!(options.strength(), None);
        options.set("use nnue", Some("true")).expect("valid");
        assert!(!options.hand_evaluation(), "full strength: the network");
        // Just below the top: a limited level, with the hand-written
        // evaluation its anchors were calibrated with.
        options
            .set("UCI_Elo", Some(&(MAX_ELO - 1).to_string()))
            .expect("valid");
        assert_eq!(options.strength().map(|s| s.elo()), Some(MAX_ELO - 1));
        assert!(options.hand_evaluation());
        options.set("UCI_Elo", Some("1500")).expect("valid");
        assert_eq!(options.strength().map(|s| s.elo()), Some(1500));
        assert_eq!(
            options.set("uci_enochian_array", Some("Earth-of-Fire widdershins")),
            Ok(Change::Start)
        );
        assert_eq!(
            options.game_option("UCI_Enochian_Array"),
            Some("earth of fire widdershins")
        );
        let start = |o: &Options| o.start_position(Variant::Enochian).unwrap_or_default();
        assert!(start(&options).ends_with(" r w - - -"));
        assert_eq!(
            options.set("UCI_Enochian_Divination", Some("true")),
            Ok(Change::Start)
        );
        assert!(start(&options).ends_with(" r w - - ?"));
        assert_eq!(options.start_position(Variant::Chess), None);
    }

    #[test]
    fn syzygy_options_take_stockfish_values() {
        let mut options = Options::default();
        assert_eq!(options.syzygy_path, "<empty>");
        assert_eq!(
            options.syzygy,
            TablebaseSettings {
                probe_depth: 1,
                rule50: true,
                probe_limit: 7
            }
        );
        assert_eq!(
            options.set("syzygypath", Some(" ./syzygy/ ")),
            Ok(Change::SyzygyPath)
        );
        assert_eq!(options.syzygy_path, "./syzygy/");
        assert_eq!(options.set("SyzygyPath", None), Ok(Change::SyzygyPath));
        assert_eq!(options.syzygy_path, "<empty>");
        options
            .set("SyzygyProbeDepth", Some("100"))
            .expect("in range");
        options
            .set("Syzygy50MoveRule", Some("false"))
            .expect("a check");
        options
            .set("SyzygyProbeLimit", Some("0"))
            .expect("in range");
        assert_eq!(
            options.syzygy,
            TablebaseSettings {
                probe_depth: 100,
                rule50: false,
                probe_limit: 0
            }
        );
        let announced = options.announce();
        for line in [
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        ] {
            assert!(announced.lines().any(|l| l == line), "{line}");
        }
    }

    #[test]
    fn limited_strength_searches_with_the_hand_written_evaluation() {
        let mut options = Options::default();
        assert_eq!(options.hand_evaluation(), !augur_search::NETWORK_BY_DEFAULT);
        options
            .set("Use NNUE", Some("true"))
            .expect("a check option");
        assert!(!options.hand_evaluation());
        options
            .set("UCI_LimitStrength", Some("true"))
            .expect("a check");
        options.set("UCI_Elo", Some("1800")).expect("in range");
        assert!(options.hand_evaluation());
        options
            .set("UCI_LimitStrength", Some("false"))
            .expect("a check");
        assert!(!options.hand_evaluation());
        options.set("Skill Level", Some("5")).expect("in range");
        assert!(options.hand_evaluation());
        options.set("Skill Level", Some("20")).expect("in range");
        options
            .set("Use NNUE", Some("false"))
            .expect("a check option");
        assert!(options.hand_evaluation());
    }

    #[test]
    fn a_search_runs_with_the_game_s_configuration_and_these_parameters() {
        use augur_search::Switches;
        let options = Options::default();
        assert_eq!(Variant::Chess.search_config().switches, Switches::ALL);
        assert_eq!(
            options.engine_config().search_params,
            SearchParams::default()
        );
        let mut options = Options::default();
        options.search_params.set("LmrBase", 60).expect("in range");
        assert_eq!(Variant::Ultima.search_config().switches, Switches::OFF);
        assert_eq!(
            options.engine_config().search_params.get("LmrBase"),
            Some(60)
        );
    }

    /// Tuning builds take the search's parameters as options, into these
    /// options only; other builds know no such option.
    #[test]
    fn search_parameters_are_options_of_tuning_builds_only() {
        let mut options = Options::default();
        let result = options.set("lmrbase", Some("60"));
        if cfg!(feature = "tune") {
            assert_eq!(result, Ok(Change::Setting));
            assert_eq!(options.search_params.get("LmrBase"), Some(60));
            assert_eq!(Options::default().search_params, SearchParams::default());
            let before = options.clone();
            assert_eq!(
                options.set("LmrBase", Some("201")),
                Err("option 'LmrBase': '201' is not a number from -100 to 200".to_string())
            );
            assert_eq!(options, before);
            assert!(
                Options::default()
                    .announce()
                    .lines()
                    .any(|l| l == "option name LmrBase type spin default 51 min -100 max 200")
            );
        } else {
            assert_eq!(result, Err("unknown option 'lmrbase'".to_string()));
            assert_eq!(options, Options::default());
        }
    }
}
