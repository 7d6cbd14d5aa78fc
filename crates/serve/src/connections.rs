//! The server's accept loop: each connection is served by hyper's HTTP/1
//! connection (with upgrades, for the WebSockets), which closes a
//! connection that has not sent a request's headers within
//! [`HEADER_READ_TIMEOUT`] (so half-open requests cannot pile up). Each
//! request carries its client's address (`ConnectInfo`).

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::time::Duration;
use tokio::net::TcpListener;
use tower_service::Service;

/// How long a connection may take to send a request's headers.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: Router) {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    loop {
        let (stream, client) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, say: wait a little, go on.
                eprintln!("augur serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let app = app.clone();
        let builder = builder.clone();
        tokio::spawn(async move {
            let service =
                hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(client));
                    app.clone().call(request)
                });
            // A connection's errors (a client gone, headers too slow) end
            // only that connection.
            let _ = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
        });
    }
}
