//! The game database's schema, as a list of migrations applied in order.
//! `PRAGMA user_version` holds how many have been applied: version 0 is an
//! empty file, version N has had the first N. A migration is never edited
//! once released; a change of schema is a new one at the end.

use rusqlite::Connection;

/// The migrations, in order: entry `i` takes version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // Version 1: one row per game.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL,
        variant TEXT NOT NULL,
        start TEXT,
        moves TEXT NOT NULL,
        divination INTEGER NOT NULL DEFAULT 0,
        clock_base INTEGER,
        clock_increment INTEGER,
        clock_left TEXT,
        over TEXT,
        result TEXT,
        settings TEXT,
        players TEXT,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL
    );
    CREATE INDEX games_by_update ON games (updated DESC);",
];

/// The schema version this binary writes.
pub fn current_version() -> i64 {
    MIGRATIONS.len() as i64
}

/// Brings `connection`'s schema to the current version, each migration in
/// its own transaction. A database newer than this binary, or a file that
/// is not a database, is an error for the user.
pub fn migrate(connection: &mut Connection) -> Result<(), String> {
    let version: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(|e| format!("not a game database: {e}"))?;
    if version > current_version() {
        return Err(format!(
            "the game database has schema version {version}, newer than this augur knows ({}): use a newer augur or another --db",
            current_version()
        ));
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        let transaction = connection
            .transaction()
            .map_err(|e| format!("cannot migrate the game database: {e}"))?;
        transaction.execute_batch(migration).map_err(|e| {
            format!(
                "cannot migrate the game database to version {}: {e}",
                index + 1
            )
        })?;
        transaction
            .pragma_update(None, "user_version", (index + 1) as i64)
            .map_err(|e| format!("cannot migrate the game database: {e}"))?;
        transaction
            .commit()
            .map_err(|e| format!("cannot migrate the game database: {e}"))?;
    }
    Ok(())
}
