//! enochian move text against the bench positions (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::move_text::<augur_games::enochian::Position>(data);
});
