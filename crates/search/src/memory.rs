//! How much memory the system can give a new table (Linux; elsewhere the
//! allocation itself is the only check). A table larger than
//! that would not fail to allocate (Linux overcommits) but would push the
//! machine into the out-of-memory killer while it is filled, so it is
//! refused up front. And the advice that large tables be backed by huge
//! pages, as Stockfish asks for its table on Linux.

/// The size of a transparent huge page on x86-64 and most 64-bit Linux
/// systems (bytes).
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the whole huge pages within `bytes` bytes at `start`
/// with transparent huge pages (`madvise(MADV_HUGEPAGE)`), so that random
/// probes of a large table stop missing the processor's address
/// translation cache on almost every access. Only a hint: the memory must
/// be untouched for it to take effect at once (pages are then made huge as
/// they are first written), and nothing happens where the system refuses,
/// has transparent huge pages off, or is not Linux. The search is the same
/// either way; only its speed changes.
pub(crate) fn advise_huge_pages(start: *const u8, bytes: usize) {
    let first = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize).saturating_add(bytes) / HUGE_PAGE * HUGE_PAGE;
    if end <= first {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `madvise` with MADV_HUGEPAGE only changes how the kernel
        // backs the range, never its contents or whether it is mapped; the
        // range lies within the caller's allocation and is page aligned.
        // A failure (an old kernel, huge pages off) is ignored: the range
        // simply keeps small pages.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

/// Megabytes the system reports as available for new allocations
/// (`MemAvailable` in `/proc/meminfo`); `None` where that is unknown.
pub(crate) fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_available(&text)
}

fn parse_mem_available(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kilobytes: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}

/// An error when `megabytes` will not fit in what the system has, counting
/// `freed_mb` that the caller frees first.
pub(crate) fn check_fits(megabytes: usize, freed_mb: usize) -> Result<(), String> {
    fits_in(megabytes, freed_mb, available_mb())
}

/// [`check_fits`] with `available` megabytes (`None`: unknown, anything
/// goes). A tenth of what is available is left to everything else.
fn fits_in(megabytes: usize, freed_mb: usize, available: Option<usize>) -> Result<(), String> {
    let Some(available) = available else {
        return Ok(());
    };
    let usable = available.saturating_add(freed_mb) / 10 * 9;
    if megabytes > usable {
        return Err(format!(
            "a {megabytes} MB hash table does not fit in memory ({usable} MB usable of what the system has available)"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_on_small_or_unaligned_ranges_is_harmless() {
        let buffer = vec![7u8; 3 * HUGE_PAGE];
        advise_huge_pages(buffer.as_ptr(), 0);
        advise_huge_pages(buffer.as_ptr(), 100);
        advise_huge_pages(buffer.as_ptr(), buffer.len());
        assert!(
            buffer.iter().all(|&byte| byte == 7),
            "advice changes no contents"
        );
    }

    #[test]
    fn reads_mem_available() {
        let text = "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   2097152 kB\n";
        assert_eq!(parse_mem_available(text), Some(2048));
        assert_eq!(parse_mem_available("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_mem_available("MemAvailable: lots kB\n"), None);
    }

    #[test]
    fn nine_tenths_of_what_is_available_and_freed_may_be_used() {
        assert!(fits_in(900, 0, Some(1000)).is_ok());
        assert!(fits_in(901, 0, Some(1000)).is_err());
        // Whole tenths: 1009 MB leave 900 usable.
        assert!(fits_in(900, 0, Some(1009)).is_ok());
        assert!(fits_in(901, 0, Some(1009)).is_err());
        assert!(fits_in(1800, 1000, Some(1000)).is_ok());
        assert!(fits_in(1801, 1000, Some(1000)).is_err());
        assert!(fits_in(usize::MAX, 0, None).is_ok());
        let error = fits_in(2000, 0, Some(1000)).expect_err("too big");
        assert!(
            error.contains("2000 MB") && error.contains("900 MB usable"),
            "{error}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_reports_what_is_available() {
        assert!(available_mb().is_some_and(|mb| mb > 0));
    }

    #[test]
    fn more_than_the_machine_has_is_refused() {
        if let Some(available) = available_mb() {
            assert!(check_fits(available + 1024, 0).is_err());
            assert!(check_fits(1, 0).is_ok());
        }
    }
}
