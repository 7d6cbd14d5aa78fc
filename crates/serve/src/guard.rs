//! Who may drive the server: only pages it served itself, reached by the
//! name of the address it listens on. Every request's `Host` must name that
//! address (on loopback also `localhost`), which stops DNS rebinding; a
//! WebSocket's `Origin`, when a browser sends one, must be the page's own
//! origin (or one the user allowed with `--allow-origin`), which stops any
//! other web site from opening games; so must the `Origin` of any request
//! that changes something (not GET: deleting a stored game, say). Every response says the page may
//! load nothing from elsewhere and may not be framed.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The page's Content-Security-Policy: its own scripts, styles and
/// WebSocket only; no frames, plugins, forms or base changes.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// What requests must name.
#[derive(Clone, Debug)]
pub struct Guard {
    /// The address listened on.
    pub address: SocketAddr,
    /// Origins allowed besides the page's own (`--allow-origin`).
    pub allowed_origins: Vec<String>,
}

impl Guard {
    /// The `Host` values that name the server: its address, and on a
    /// loopback address the loopback names. A server bound to every
    /// interface (`--host 0.0.0.0`) was exposed on purpose and takes any
    /// host name.
    pub fn host_allowed(&self, host: Option<&str>) -> bool {
        let Some(host) = host.map(str::trim) else {
            return false;
        };
        let ip = self.address.ip();
        if ip.is_unspecified() {
            return true;
        }
        let port = self.address.port();
        let bound = match ip {
            std::net::IpAddr::V4(v4) => format!("{v4}:{port}"),
            std::net::IpAddr::V6(v6) => format!("[{v6}]:{port}"),
        };
        if host.eq_ignore_ascii_case(&bound) {
            return true;
        }
        ip.is_loopback()
            && ["localhost", "127.0.0.1", "[::1]"]
                .iter()
                .any(|name| host.eq_ignore_ascii_case(&format!("{name}:{port}")))
    }

    /// Whether a WebSocket from `origin` may open a game: no `Origin`
    /// (scripts; browsers always send one), the page's own origin
    /// (`http://` and the request's host), or an allowed one. `null`
    /// (sandboxed frames, files) is refused.
    pub fn origin_allowed(&self, origin: Option<&str>, host: Option<&str>) -> bool {
        let Some(origin) = origin.map(str::trim) else {
            return true;
        };
        let own = host.is_some_and(|host| origin.eq_ignore_ascii_case(&format!("http://{host}")));
        own || self
            .allowed_origins
            .iter()
            .any(|allowed| origin.eq_ignore_ascii_case(allowed.trim_end_matches('/')))
    }
}

/// A header's value as text, if present and readable.
fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Refuses requests with a foreign `Host` (421), and a WebSocket or a
/// request that changes something (any method but GET and HEAD) from a
/// foreign `Origin` or marked `Sec-Fetch-Site: cross-site` (403); adds the
/// security headers to every answer.
pub async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = header_text(headers, header::HOST);
    if !guard.host_allowed(host) {
        return secured(
            (
                StatusCode::MISDIRECTED_REQUEST,
                "this server answers only to the address it listens on",
            )
                .into_response(),
        );
    }
    let is_socket = request.uri().path() == "/ws";
    let changes = !matches!(*request.method(), Method::GET | Method::HEAD);
    // A browser that sends no Origin still says where a request comes from.
    let cross_site = header_text(headers, header::HeaderName::from_static("sec-fetch-site"))
        .is_some_and(|site| site.trim().eq_ignore_ascii_case("cross-site"));
    let foreign = !guard.origin_allowed(header_text(headers, header::ORIGIN), host)
        || (changes && cross_site);
    if (is_socket || changes) && foreign {
        let refusal = if is_socket {
            "games are opened only from this server's own page (see --allow-origin)"
        } else {
            "games are changed only from this server's own page (see --allow-origin)"
        };
        return secured((StatusCode::FORBIDDEN, refusal).into_response());
    }
    secured(next.run(request).await)
}

/// `response` with the security headers.
fn secured(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(address: &str) -> Guard {
        Guard {
            address: address.parse().expect("an address"),
            allowed_origins: vec!["http://tools.example:9000/".to_string()],
        }
    }

    #[test]
    fn only_the_listening_address_is_a_host() {
        let loopback = guard("127.0.0.1:8080");
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(loopback.host_allowed(Some(host)), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "localhost",
            "",
            "127.0.0.1.evil.example:8080",
        ] {
            assert!(!loopback.host_allowed(Some(host)), "{host}");
        }
        assert!(!loopback.host_allowed(None));
        let lan = guard("192.168.1.5:8080");
        assert!(lan.host_allowed(Some("192.168.1.5:8080")));
        assert!(!lan.host_allowed(Some("localhost:8080")));
        assert!(guard("0.0.0.0:8080").host_allowed(Some("box.lan:8080")));
    }

    #[test]
    fn only_the_page_s_own_origin_opens_games() {
        let guard = guard("127.0.0.1:8080");
        let host = Some("127.0.0.1:8080");
        assert!(guard.origin_allowed(Some("http://127.0.0.1:8080"), host));
        assert!(guard.origin_allowed(None, host));
        assert!(guard.origin_allowed(Some("http://tools.example:9000"), host));
        for origin in [
            "http://evil.example",
            "null",
            "http://127.0.0.1:8081",
            "https://127.0.0.1:8080",
            "http://localhost:8080",
        ] {
            assert!(!guard.origin_allowed(Some(origin), host), "{origin}");
        }
        assert!(guard.origin_allowed(Some("http://localhost:8080"), Some("localhost:8080")));
    }
}
