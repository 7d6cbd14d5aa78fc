//! Messages to a web board tab (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::web_board(data);
});
