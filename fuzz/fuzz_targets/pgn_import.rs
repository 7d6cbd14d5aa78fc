//! PGN text for the web board's import (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::pgn_import(data);
});
