//! The chess network file reader (see src/lib.rs).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    augur_fuzz::network_file(data);
});
