//! The networks positions evaluate with: the embedded one, and those read
//! at run time (the `EvalFile` option), each held once for the life of the
//! process.
//!
//! There is no current network: every [`crate::Position`] carries the
//! [`NetworkRef`] it evaluates with, and moves played copy it, so two
//! engines in one process can evaluate with different networks. A network
//! read at run time is *interned* ([`intern`]): one equal to a network
//! already held (the embedded one included) gives that network's
//! reference, and a new one is leaked once (`Box::leak`), so positions
//! hold plain `&'static` references, with no reference count to touch per
//! move. Each distinct network costs about 400 kB for the rest of the
//! process; at most [`MAX_LOADED_NETWORKS`] besides the embedded one are
//! held, so that a client naming ever new files cannot grow the process
//! without bound.

use std::sync::{LazyLock, Mutex};

use super::Network;

/// The embedded network file: `nets/augur-chess.nnue`, or the file `make
/// EVALFILE=<path>` names (the build script passes its path).
const EMBEDDED: &[u8] = include_bytes!(env!("AUGUR_EMBEDDED_NETWORK"));

// A file this build cannot read fails the build, never the engine at run
// time (which would evaluate every position as 0).
const _: () = super::file::check_embedded(EMBEDDED);

/// How many distinct networks other than the embedded one a process can
/// hold (about 13 MB of them).
pub const MAX_LOADED_NETWORKS: usize = 32;

/// The embedded network, read once from [`EMBEDDED`].
static EMBEDDED_NETWORK: LazyLock<Network> =
    LazyLock::new(|| Network::from_bytes(EMBEDDED).unwrap_or_else(|_| Network::zeroed()));

/// Networks interned at run time, in the order they were first interned.
static LOADED: Mutex<Vec<&'static Network>> = Mutex::new(Vec::new());

/// A network held for the life of the process: what a chess position
/// evaluates with. Copied with the position (8 bytes); two references are
/// equal when they name the same held network, which for interned
/// networks is when the networks are equal.
#[derive(Clone, Copy)]
pub struct NetworkRef(&'static Network);

impl NetworkRef {
    /// The network referred to.
    #[inline(always)]
    pub fn get(self) -> &'static Network {
        self.0
    }
}

/// The embedded network.
impl Default for NetworkRef {
    fn default() -> Self {
        embedded_network()
    }
}

impl std::ops::Deref for NetworkRef {
    type Target = Network;

    #[inline(always)]
    fn deref(&self) -> &Network {
        self.0
    }
}

/// The same held network (compared by address, never weight by weight).
impl PartialEq for NetworkRef {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for NetworkRef {}

impl std::fmt::Debug for NetworkRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == embedded_network() {
            write!(f, "NetworkRef(embedded)")
        } else {
            write!(f, "NetworkRef({:?})", self.0)
        }
    }
}

/// The embedded network (what positions evaluate with unless given
/// another).
#[inline]
pub fn embedded_network() -> NetworkRef {
    NetworkRef(&EMBEDDED_NETWORK)
}

/// Whether the embedded network file reads (a test insists; an unreadable
/// file would leave the engine evaluating every position as 0).
pub fn embedded_network_reads() -> Result<(), super::NetworkError> {
    Network::from_bytes(EMBEDDED).map(drop)
}

/// The held network equal to `wanted`: the embedded one, one interned
/// before, or `wanted` itself, held from now on. Refused when the process
/// already holds [`MAX_LOADED_NETWORKS`] other networks.
pub fn intern(wanted: Network) -> Result<NetworkRef, String> {
    if wanted == *EMBEDDED_NETWORK {
        return Ok(embedded_network());
    }
    // A panic while the lock was held left the list whole (it is only
    // pushed to), so a poisoned lock is still read.
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&held) = loaded.iter().find(|&&held| *held == wanted) {
        return Ok(NetworkRef(held));
    }
    if loaded.len() >= MAX_LOADED_NETWORKS {
        return Err(format!(
            "this process already holds {MAX_LOADED_NETWORKS} networks besides the embedded one; \
             restart the engine to load another"
        ));
    }
    let held: &'static Network = Box::leak(Box::new(wanted));
    loaded.push(held);
    Ok(NetworkRef(held))
}
