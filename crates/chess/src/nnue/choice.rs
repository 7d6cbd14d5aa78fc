//! Which network the engine evaluates with: the embedded one, or one read
//! at run time (the `EvalFile` option).
//!
//! The choice is process-wide. A chosen network lives until the process
//! ends (positions and running searches hold plain `&'static` references
//! to it), so at most [`MAX_LOADED_NETWORKS`] distinct networks can be
//! chosen in one process; choosing one equal to a network already held
//! reuses it. Positions keep the hidden layer of the network that was
//! current when they were made: after a change, recompute it
//! (`Position::refresh_network`) before evaluating.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, OnceLock};

use super::Network;

/// The embedded network file: `nets/augur-chess.nnue`, or the file `make
/// EVALFILE=<path>` names (the build script passes its path).
const EMBEDDED: &[u8] = include_bytes!(env!("AUGUR_EMBEDDED_NETWORK"));

// A file this build cannot read fails the build, never the engine at run
// time (which would evaluate every position as 0).
const _: () = super::file::check_embedded(EMBEDDED);

/// How many networks other than the embedded one a process can hold.
pub const MAX_LOADED_NETWORKS: usize = 32;

/// The embedded network, read once from [`EMBEDDED`].
static EMBEDDED_NETWORK: LazyLock<Network> =
    LazyLock::new(|| Network::from_bytes(EMBEDDED).unwrap_or_else(|_| Network::zeroed()));

/// Networks chosen at run time, in the order they were first chosen.
static LOADED: [OnceLock<Network>; MAX_LOADED_NETWORKS] =
    [const { OnceLock::new() }; MAX_LOADED_NETWORKS];

/// The current network: 0 is the embedded one, `i` is `LOADED[i - 1]`.
static CURRENT: AtomicUsize = AtomicUsize::new(0);

/// The engine's current network.
#[inline(always)]
pub fn network() -> &'static Network {
    match CURRENT.load(Ordering::Acquire) {
        0 => &EMBEDDED_NETWORK,
        i => LOADED
            .get(i - 1)
            .and_then(OnceLock::get)
            .unwrap_or(&EMBEDDED_NETWORK),
    }
}

/// Whether the embedded network file reads (a test insists; an unreadable
/// file would leave the engine evaluating every position as 0).
pub fn embedded_network_reads() -> Result<(), super::NetworkError> {
    Network::from_bytes(EMBEDDED).map(drop)
}

/// Makes the embedded network the current one.
pub fn use_embedded_network() {
    CURRENT.store(0, Ordering::Release);
}

/// Makes `wanted` the current network. Refused, with nothing changed,
/// when the process already holds [`MAX_LOADED_NETWORKS`] other networks.
pub fn use_network(wanted: Network) -> Result<(), String> {
    if wanted == *EMBEDDED_NETWORK {
        use_embedded_network();
        return Ok(());
    }
    let mut wanted = wanted;
    for (index, slot) in LOADED.iter().enumerate() {
        // A slot already holding an equal network is reused; otherwise the
        // first free slot takes it (if another thread fills that slot
        // first, the search goes on with the next one).
        match slot.get() {
            Some(held) if *held != wanted => continue,
            Some(_) => {}
            None => {
                if let Err(back) = slot.set(wanted) {
                    wanted = back;
                    continue;
                }
            }
        }
        CURRENT.store(index + 1, Ordering::Release);
        return Ok(());
    }
    Err(format!(
        "this process already holds {MAX_LOADED_NETWORKS} networks besides the embedded one; \
         restart the engine to load another"
    ))
}
