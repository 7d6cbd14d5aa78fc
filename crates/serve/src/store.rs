//! Stored games: one SQLite file (`games.sqlite3` in the user's data
//! directory, or `augur serve --db PATH`) with one row per game, so a game
//! outlives its tab, a reload and the server.
//!
//! The file is opened in WAL mode with `synchronous=FULL` and each save is
//! one transaction: a crash mid-write leaves the game as it was before the
//! save or after it, never half-written. The schema is versioned
//! ([`migrations`]). A row that cannot be read (bad JSON, say) is reported
//! as such, never a panic: the page gets an error and a fresh game, and the
//! list shows the row as unreadable.

pub mod migrations;

use crate::clock::ClockRecord;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The largest page settings object, as JSON text.
pub const MAX_SETTINGS_BYTES: usize = 2048;
/// The longest player name, in characters.
pub const MAX_PLAYER_CHARS: usize = 40;
/// The most games the list returns (the newest).
pub const MAX_LISTED: usize = 500;
/// The length of a game id.
pub const ID_LENGTH: usize = 10;
/// The characters of a game id (URL-safe).
const ID_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// How a game ended off the board (resignation, time), as stored.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Over {
    /// The winning team (`None`: a draw).
    pub winner: Option<String>,
    /// Why it ended.
    pub reason: String,
}

/// One stored game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The game's id (URL-safe).
    pub id: String,
    /// The game's name (`chess`, `ultima`, ...).
    pub variant: String,
    /// The start position string (`None`: the game's own start).
    pub start: Option<String>,
    /// The moves as `Engine::moves()` gives them (rolls included).
    pub moves: Vec<String>,
    /// Whether Enochian divination is on.
    pub divination: bool,
    /// The clocks (stopped), when the game has them.
    pub clock: Option<ClockRecord>,
    /// How the game ended off the board.
    pub over: Option<Over>,
    /// How the game ended, in words for the list (`None`: in progress).
    pub result: Option<String>,
    /// The page's own settings (a JSON object).
    pub settings: Option<Value>,
    /// The players' names by team.
    pub players: BTreeMap<String, String>,
    /// When the game was created (unix milliseconds).
    pub created: i64,
    /// When the game was last saved (unix milliseconds).
    pub updated: i64,
}

/// One row of the games list (`GET /api/games`).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub variant: String,
    /// The players' names by team.
    pub players: BTreeMap<String, String>,
    /// The number of move entries (rolls included).
    pub moves: usize,
    /// How the game ended (`None`: in progress).
    pub result: Option<String>,
    /// When it was created (unix milliseconds).
    pub created: i64,
    /// When it was last played (unix milliseconds).
    pub updated: i64,
    /// Why the row cannot be read (`None`: it can).
    pub unreadable: Option<String>,
}

/// The game database: one connection, shared by the tabs behind a lock
/// (saves are short; each runs on the calling tab's own thread).
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    connection: Mutex<Connection>,
}

/// Unix time now, in milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A new random game id: [`ID_LENGTH`] URL-safe characters.
pub fn new_id() -> String {
    (0..ID_LENGTH)
        .map(|_| ID_ALPHABET[rand::random_range(0..ID_ALPHABET.len())] as char)
        .collect()
}

/// Whether `id` looks like a game id (so it is safe in a URL and a
/// message).
pub fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// The page's settings, checked: a JSON object of at most
/// [`MAX_SETTINGS_BYTES`].
pub fn check_settings(settings: &Value) -> Result<(), String> {
    if !settings.is_object() {
        return Err("\"settings\" must be an object".into());
    }
    if settings.to_string().len() > MAX_SETTINGS_BYTES {
        return Err(format!(
            "\"settings\" must be at most {MAX_SETTINGS_BYTES} bytes"
        ));
    }
    Ok(())
}

/// The players of a message: an object of team name -> name (at most
/// [`MAX_PLAYER_CHARS`] characters each), the teams among `teams`.
pub fn parse_players(
    players: &Value,
    teams: &[String],
) -> Result<BTreeMap<String, String>, String> {
    let Value::Object(map) = players else {
        return Err("\"players\" must be an object".into());
    };
    let mut parsed = BTreeMap::new();
    for (team, name) in map {
        if !teams.contains(team) {
            return Err(format!(
                "\"players\" names teams of this game ({})",
                teams.join(", ")
            ));
        }
        let name = name.as_str().ok_or("a player's name must be a string")?;
        if name.chars().count() > MAX_PLAYER_CHARS || name.contains(['\n', '"', '\\']) {
            return Err(format!(
                "a player's name is at most {MAX_PLAYER_CHARS} characters, on one line, without quotes"
            ));
        }
        parsed.insert(team.clone(), name.to_string());
    }
    Ok(parsed)
}

/// Where games are kept by default: `<data dir>/augur/games.sqlite3`, or
/// the current directory (with a warning) when there is no data directory.
pub fn default_path() -> (PathBuf, Option<String>) {
    match dirs::data_dir() {
        Some(dir) => (dir.join("augur").join("games.sqlite3"), None),
        None => (
            PathBuf::from("games.sqlite3"),
            Some("no user data directory: games are kept in ./games.sqlite3".into()),
        ),
    }
}

impl Store {
    /// Opens (creating it if need be) the game database at `path` and
    /// brings its schema up to date. A file that is not a database, or one
    /// written by a newer augur, is an error for the user.
    pub fn open(path: &Path) -> Result<Self, String> {
        let named = |e: String| format!("game database {}: {e}", path.display());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| named(format!("cannot create its folder: {e}")))?;
        }
        let mut connection = Connection::open(path).map_err(|e| named(e.to_string()))?;
        connection
            .busy_timeout(Duration::from_secs(10))
            .map_err(|e| named(e.to_string()))?;
        migrations::migrate(&mut connection).map_err(named)?;
        let mode: String = connection
            .query_row("PRAGMA journal_mode=WAL", [], |row| row.get(0))
            .map_err(|e| named(e.to_string()))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(named(format!("cannot use a write-ahead log (mode {mode})")));
        }
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(|e| named(e.to_string()))?;
        Ok(Self {
            path: path.to_path_buf(),
            connection: Mutex::new(connection),
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn connection(&self) -> std::sync::MutexGuard<'_, Connection> {
        match self.connection.lock() {
            Ok(connection) => connection,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// Saves `record` (a new row, or its id's row replaced) in one
    /// transaction.
    pub fn save(&self, record: &GameRecord) -> Result<(), String> {
        self.save_replacing(record, None)
    }

    /// [`Store::save`], deleting the game `replaced` (one left before its
    /// first move) in the same transaction.
    pub fn save_replacing(
        &self,
        record: &GameRecord,
        replaced: Option<&str>,
    ) -> Result<(), String> {
        let mut connection = self.connection();
        let transaction = connection
            .transaction()
            .map_err(|e| format!("cannot save the game: {e}"))?;
        if let Some(id) = replaced {
            transaction
                .execute("DELETE FROM games WHERE id = ?1", [id])
                .map_err(|e| format!("cannot save the game: {e}"))?;
        }
        transaction
            .execute(
                "INSERT INTO games (id, variant, start, moves, divination, clock_base,
                    clock_increment, clock_left, over, result, settings, players, created, updated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                 ON CONFLICT (id) DO UPDATE SET variant = ?2, start = ?3, moves = ?4,
                    divination = ?5, clock_base = ?6, clock_increment = ?7, clock_left = ?8,
                    over = ?9, result = ?10, settings = ?11, players = ?12, updated = ?14",
                params![
                    record.id,
                    record.variant,
                    record.start,
                    json(&record.moves),
                    record.divination,
                    record.clock.as_ref().map(|c| c.base as i64),
                    record.clock.as_ref().map(|c| c.increment as i64),
                    record.clock.as_ref().map(|c| json(&c.left)),
                    record.over.as_ref().map(json),
                    record.result,
                    record.settings.as_ref().map(json),
                    json(&record.players),
                    record.created,
                    record.updated,
                ],
            )
            .map_err(|e| format!("cannot save the game: {e}"))?;
        transaction
            .commit()
            .map_err(|e| format!("cannot save the game: {e}"))
    }

    /// The game `id`: `Ok(None)` when there is none, an error when its row
    /// cannot be read ("game X cannot be read: ...").
    pub fn load(&self, id: &str) -> Result<Option<GameRecord>, String> {
        let connection = self.connection();
        let row = connection
            .query_row(
                "SELECT id, variant, start, moves, divination, clock_base, clock_increment,
                    clock_left, over, result, settings, players, created, updated
                 FROM games WHERE id = ?1",
                [id],
                raw_row,
            )
            .optional()
            .map_err(|e| format!("game {id} cannot be read: {e}"))?;
        row.map(|raw| {
            raw.record()
                .map_err(|e| format!("game {id} cannot be read: {e}"))
        })
        .transpose()
    }

    /// The newest [`MAX_LISTED`] games, newest (last played) first;
    /// unreadable rows are listed as such.
    pub fn list(&self) -> Result<Vec<GameSummary>, String> {
        let connection = self.connection();
        let mut statement = connection
            .prepare(
                "SELECT id, variant, start, moves, divination, clock_base, clock_increment,
                    clock_left, over, result, settings, players, created, updated
                 FROM games ORDER BY updated DESC LIMIT ?1",
            )
            .map_err(|e| format!("cannot list the games: {e}"))?;
        let rows = statement
            .query_map([MAX_LISTED as i64], |row| {
                // A column of the wrong type makes this row unreadable,
                // not the list.
                Ok(match raw_row(row) {
                    Ok(raw) => raw.summary(),
                    Err(e) => GameSummary {
                        id: row.get::<_, String>(0).unwrap_or_default(),
                        variant: String::new(),
                        players: BTreeMap::new(),
                        moves: 0,
                        result: None,
                        created: 0,
                        updated: 0,
                        unreadable: Some(e.to_string()),
                    },
                })
            })
            .map_err(|e| format!("cannot list the games: {e}"))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("cannot list the games: {e}"))
    }

    /// Deletes the game `id`; whether there was one.
    pub fn delete(&self, id: &str) -> Result<bool, String> {
        let connection = self.connection();
        connection
            .execute("DELETE FROM games WHERE id = ?1", [id])
            .map(|n| n > 0)
            .map_err(|e| format!("cannot delete the game: {e}"))
    }
}

/// A column's JSON text (serialising these types cannot fail).
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// A row as stored, before its JSON columns are read.
struct RawRow {
    id: String,
    variant: String,
    start: Option<String>,
    moves: String,
    divination: bool,
    clock_base: Option<i64>,
    clock_increment: Option<i64>,
    clock_left: Option<String>,
    over: Option<String>,
    result: Option<String>,
    settings: Option<String>,
    players: Option<String>,
    created: i64,
    updated: i64,
}

fn raw_row(row: &Row<'_>) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        id: row.get(0)?,
        variant: row.get(1)?,
        start: row.get(2)?,
        moves: row.get(3)?,
        divination: row.get(4)?,
        clock_base: row.get(5)?,
        clock_increment: row.get(6)?,
        clock_left: row.get(7)?,
        over: row.get(8)?,
        result: row.get(9)?,
        settings: row.get(10)?,
        players: row.get(11)?,
        created: row.get(12)?,
        updated: row.get(13)?,
    })
}

/// `text` read as JSON of type `T`, the column named in an error.
fn column<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("bad {name}: {e}"))
}

impl RawRow {
    fn players(&self) -> Result<BTreeMap<String, String>, String> {
        self.players
            .as_deref()
            .map_or(Ok(BTreeMap::new()), |text| column("players", text))
    }

    fn record(self) -> Result<GameRecord, String> {
        let clock = match (self.clock_base, self.clock_increment, &self.clock_left) {
            (None, _, _) => None,
            (Some(base), increment, left) => Some(ClockRecord {
                base: u64::try_from(base).map_err(|_| "bad clock base")?,
                increment: u64::try_from(increment.unwrap_or(0))
                    .map_err(|_| "bad clock increment")?,
                left: left
                    .as_deref()
                    .map_or(Ok(Vec::new()), |t| column("clock", t))?,
            }),
        };
        let settings: Option<Value> = match self.settings.as_deref() {
            None => None,
            Some(text) => Some(column("settings", text)?),
        };
        if let Some(settings) = settings.as_ref().filter(|s| !s.is_null()) {
            check_settings(settings)?;
        }
        Ok(GameRecord {
            players: self.players()?,
            moves: column("moves", &self.moves)?,
            over: match self.over.as_deref() {
                None => None,
                Some(text) => column("over", text)?,
            },
            settings: settings.filter(|s| !s.is_null()),
            clock,
            id: self.id,
            variant: self.variant,
            start: self.start,
            divination: self.divination,
            result: self.result,
            created: self.created,
            updated: self.updated,
        })
    }

    fn summary(self) -> GameSummary {
        let moves: Result<Vec<String>, String> = column("moves", &self.moves);
        let players = self.players();
        let unreadable = match (&moves, &players) {
            (Err(e), _) | (_, Err(e)) => Some(e.clone()),
            _ => None,
        };
        GameSummary {
            moves: moves.map_or(0, |m| m.len()),
            players: players.unwrap_or_default(),
            unreadable,
            id: self.id,
            variant: self.variant,
            result: self.result,
            created: self.created,
            updated: self.updated,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "augur-store-{}-{name}-{}",
            std::process::id(),
            new_id()
        ));
        let _ = std::fs::create_dir_all(&dir);
        dir.join("games.sqlite3")
    }

    fn record(id: &str) -> GameRecord {
        GameRecord {
            id: id.into(),
            variant: "enochian".into(),
            start: Some("some start".into()),
            moves: vec!["3:".into(), "3:e2e3".into(), "exchange".into()],
            divination: true,
            clock: Some(ClockRecord {
                base: 60_000,
                increment: 1_000,
                left: vec![("yellow".into(), 59_000), ("blue".into(), -5)],
            }),
            over: Some(Over {
                winner: Some("BlueBlack".into()),
                reason: "YellowRed resigns".into(),
            }),
            result: Some("BlueBlack wins: YellowRed resigns".into()),
            settings: Some(serde_json::json!({"level": "2000", "sides": ["a", 1]})),
            players: [("BlueBlack".to_string(), "Ann".to_string())].into(),
            created: 1_700_000_000_000,
            updated: 1_700_000_000_500,
        }
    }

    #[test]
    fn a_game_comes_back_as_it_was_saved() {
        let path = temp_path("round-trip");
        let store = Store::open(&path).expect("open");
        let mut game = record("abcDEF-_12");
        store.save(&game).expect("save");
        assert_eq!(store.load("abcDEF-_12").expect("load"), Some(game.clone()));
        assert_eq!(store.load("nothere").expect("load"), None);
        // A second save replaces the row but keeps its creation time.
        game.moves.push("2:".into());
        game.clock = None;
        game.over = None;
        game.settings = None;
        game.updated += 10;
        let created = game.created;
        game.created = 5;
        store.save(&game).expect("save");
        drop(store);
        let store = Store::open(&path).expect("reopen");
        let back = store.load("abcDEF-_12").expect("load").expect("a game");
        assert_eq!(back.created, created);
        game.created = created;
        assert_eq!(back, game);
        let listed = store.list().expect("list");
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].moves, 4);
        assert_eq!(listed[0].unreadable, None);
        assert!(store.delete("abcDEF-_12").expect("delete"));
        assert!(!store.delete("abcDEF-_12").expect("delete"));
        assert_eq!(store.list().expect("list"), Vec::new());
    }

    #[test]
    fn the_list_is_newest_first_and_bounded() {
        let store = Store::open(&temp_path("list")).expect("open");
        for n in 0..(MAX_LISTED + 3) {
            let mut game = record(&format!("g{n}"));
            game.updated = n as i64;
            store.save(&game).expect("save");
        }
        let listed = store.list().expect("list");
        assert_eq!(listed.len(), MAX_LISTED);
        assert_eq!(listed[0].id, format!("g{}", MAX_LISTED + 2));
        assert!(listed.windows(2).all(|w| w[0].updated >= w[1].updated));
    }

    #[test]
    fn an_empty_file_is_migrated_and_a_current_one_is_kept() {
        let path = temp_path("migrate");
        // Version 0: an empty SQLite file.
        drop(Connection::open(&path).expect("create"));
        let store = Store::open(&path).expect("migrate");
        store.save(&record("kept")).expect("save");
        let version: i64 = store
            .connection()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .expect("version");
        assert_eq!(version, migrations::current_version());
        let mode: String = store
            .connection()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .expect("mode");
        assert_eq!(mode, "wal");
        let synchronous: i64 = store
            .connection()
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .expect("synchronous");
        assert_eq!(synchronous, 2, "FULL");
        drop(store);
        // Already current: nothing is re-run, nothing lost.
        let store = Store::open(&path).expect("reopen");
        assert!(store.load("kept").expect("load").is_some());
    }

    #[test]
    fn a_newer_database_or_another_file_is_refused_with_a_reason() {
        let path = temp_path("newer");
        let connection = Connection::open(&path).expect("create");
        connection
            .pragma_update(None, "user_version", migrations::current_version() + 1)
            .expect("version");
        drop(connection);
        let error = Store::open(&path).expect_err("newer");
        assert!(error.contains("newer"), "{error}");
        let path = temp_path("text");
        std::fs::write(&path, "this is not a database, just some text ".repeat(100))
            .expect("write");
        let error = Store::open(&path).expect_err("not a database");
        assert!(error.contains("not a database"), "{error}");
    }

    #[test]
    fn a_bad_row_is_an_error_and_listed_as_unreadable() {
        let store = Store::open(&temp_path("bad")).expect("open");
        store.save(&record("good")).expect("save");
        store.save(&record("bad")).expect("save");
        store
            .connection()
            .execute("UPDATE games SET moves = '[1, 2' WHERE id = 'bad'", [])
            .expect("spoil");
        let error = store.load("bad").expect_err("unreadable");
        assert!(
            error.starts_with("game bad cannot be read: bad moves"),
            "{error}"
        );
        store.save(&record("worse")).expect("save");
        store
            .connection()
            .execute(
                "UPDATE games SET created = 'yesterday' WHERE id = 'worse'",
                [],
            )
            .expect("spoil");
        assert!(store.load("worse").is_err());
        let listed = store.list().expect("a list despite bad rows");
        let unreadable: Vec<&str> = listed
            .iter()
            .filter(|g| g.unreadable.is_some())
            .map(|g| g.id.as_str())
            .collect();
        assert_eq!(listed.len(), 3);
        assert!(
            unreadable.contains(&"bad") && unreadable.contains(&"worse"),
            "{listed:?}"
        );
        assert!(store.load("good").expect("load").is_some());
    }

    #[test]
    fn saves_from_many_threads_and_two_connections_all_land() {
        let path = temp_path("concurrent");
        let first = std::sync::Arc::new(Store::open(&path).expect("open"));
        let second = std::sync::Arc::new(Store::open(&path).expect("open again"));
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let store = std::sync::Arc::clone(if t % 2 == 0 { &first } else { &second });
                std::thread::spawn(move || {
                    for n in 0..25 {
                        let mut game = record(&format!("t{t}"));
                        game.moves = vec![format!("{n}")];
                        store.save(&game).expect("save");
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().expect("thread");
        }
        for t in 0..8 {
            let game = first.load(&format!("t{t}")).expect("load").expect("a game");
            assert_eq!(game.moves, vec!["24".to_string()]);
        }
    }

    #[test]
    fn ids_are_url_safe_and_settings_and_players_are_checked() {
        let id = new_id();
        assert_eq!(id.len(), ID_LENGTH);
        assert!(is_id(&id));
        assert_ne!(new_id(), id);
        for bad in ["", "a/b", "a b", "<script>", &"a".repeat(33)] {
            assert!(!is_id(bad), "{bad}");
        }
        assert!(check_settings(&serde_json::json!({"level": 2000})).is_ok());
        assert!(check_settings(&serde_json::json!([1])).is_err());
        assert!(check_settings(&serde_json::json!({"x": "y".repeat(2100)})).is_err());
        let teams = vec!["White".to_string(), "Black".to_string()];
        let players = parse_players(&serde_json::json!({"White": "Ann"}), &teams).expect("ok");
        assert_eq!(players.get("White").map(String::as_str), Some("Ann"));
        for bad in [
            serde_json::json!({"Red": "Ann"}),
            serde_json::json!({"White": 3}),
            serde_json::json!({"White": "x".repeat(41)}),
            serde_json::json!({"White": "a\"b"}),
            serde_json::json!("Ann"),
        ] {
            assert!(parse_players(&bad, &teams).is_err(), "{bad}");
        }
    }
}
