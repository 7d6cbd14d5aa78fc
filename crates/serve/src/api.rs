//! The stored games over HTTP, for the past games page: `GET /api/games`
//! (the newest games as JSON), `GET /api/games/<id>/pgn` (a download) and
//! `DELETE /api/games/<id>`. The database work runs on blocking threads,
//! never on the server's async workers.

use crate::Shared;
use crate::permits::Permits;
use crate::store::{self, Store};
use crate::tab::Tab;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// `f(store)` on a blocking thread; an error is a 500 with its reason.
async fn with_store<T: Send + 'static>(
    shared: &Shared,
    f: impl FnOnce(&Store) -> Result<T, String> + Send + 'static,
) -> Result<T, Response> {
    let store = Arc::clone(&shared.store);
    match tokio::task::spawn_blocking(move || f(&store)).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(message)) => Err((StatusCode::INTERNAL_SERVER_ERROR, message).into_response()),
        Err(_) => Err((StatusCode::INTERNAL_SERVER_ERROR, "the store failed").into_response()),
    }
}

/// `GET /api/games`: the newest stored games, newest first.
pub(crate) async fn list(State(shared): State<Arc<Shared>>) -> Response {
    match with_store(&shared, Store::list).await {
        Ok(games) => (
            [(header::CONTENT_TYPE, "application/json")],
            augur_engine::to_json(&games),
        )
            .into_response(),
        Err(response) => response,
    }
}

/// What a PGN download found.
enum Found {
    Pgn(String),
    Missing,
    Unreadable(String),
}

/// `GET /api/games/<id>/pgn`: the game as a PGN file.
pub(crate) async fn pgn(State(shared): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    if !store::is_id(&id) {
        return (StatusCode::NOT_FOUND, "no such game").into_response();
    }
    let permits = Arc::clone(&shared.permits);
    let lookup = id.clone();
    let found = with_store(&shared, move |store| {
        let Some(record) = store.load(&lookup)? else {
            return Ok(Found::Missing);
        };
        Ok(match pgn_of(permits, &record) {
            Ok(pgn) => Found::Pgn(pgn),
            Err(e) => Found::Unreadable(format!("game {lookup} cannot be read: {e}")),
        })
    })
    .await;
    match found {
        Ok(Found::Pgn(pgn)) => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/x-chess-pgn; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"augur-{id}.pgn\""),
                ),
            ],
            pgn,
        )
            .into_response(),
        Ok(Found::Missing) => (StatusCode::NOT_FOUND, format!("no game {id}")).into_response(),
        Ok(Found::Unreadable(message)) => {
            (StatusCode::UNPROCESSABLE_ENTITY, message).into_response()
        }
        Err(response) => response,
    }
}

/// The PGN of a stored game (replayed through a tab of its own).
fn pgn_of(permits: Arc<Permits>, record: &store::GameRecord) -> Result<String, String> {
    let (inbox, events) = std::sync::mpsc::channel();
    Tab::resume(permits, inbox, events, record)?.pgn()
}

/// `DELETE /api/games/<id>`: 204 when deleted, 404 when there was none. A
/// connection playing the game is closed first.
pub(crate) async fn delete(State(shared): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    if !store::is_id(&id) {
        return (StatusCode::NOT_FOUND, "no such game").into_response();
    }
    // An open game is closed first (it saves as it goes), so that it does
    // not come back with its next save.
    let lease = shared.open.claim(&id, crate::open_games::DELETED).await;
    let deleted = with_store(&shared, move |store| store.delete(&id)).await;
    shared.open.release(&lease);
    match deleted {
        Ok(true) => StatusCode::NO_CONTENT.into_response(),
        Ok(false) => (StatusCode::NOT_FOUND, "no such game").into_response(),
        Err(response) => response,
    }
}
