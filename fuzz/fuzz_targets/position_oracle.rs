//! The oracle position-string parser (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::position_text::<augur_games::oracle::Position>(data);
});
