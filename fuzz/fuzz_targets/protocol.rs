//! A live protocol session fed arbitrary lines (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::protocol_session(data);
});
