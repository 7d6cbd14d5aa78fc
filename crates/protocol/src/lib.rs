//! augur-protocol (being written).
