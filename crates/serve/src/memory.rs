//! Giving memory back: a game's search tables (its transposition table,
//! histories, evaluation caches: about 17 MB) are made for a search and
//! dropped after it, and the allocator is told to return such large blocks
//! to the system at once, so an idle game holds only its positions and a
//! closed one nothing.

/// Large allocations (256 kB and more) are mapped on their own and
/// unmapped when freed. glibc otherwise raises that threshold after the
/// first large block is freed and keeps later ones in its arenas, one per
/// game thread, where they stay resident.
pub fn return_large_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const THRESHOLD_BYTES: libc::c_int = 256 * 1024;
        // SAFETY: mallopt only changes the allocator's tuning parameters;
        // it is called once, before the server starts its threads.
        #[allow(unsafe_code)]
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD_BYTES);
        }
    }
}
