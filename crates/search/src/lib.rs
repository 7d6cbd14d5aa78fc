//! augur-search (being written).
