#!/usr/bin/env python3
"""Adds up cargo test's `test result:` lines from a log and prints one
closing line, `summary: N passed, N failed, N skipped`, so the last line of a
test run states the whole suite's totals. Exits 1 if nothing ran or any
test failed."""
import re
import sys

passed = failed = ignored = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        m = re.search(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", line)
        if m:
            passed += int(m.group(1))
            failed += int(m.group(2))
            ignored += int(m.group(3))
print(f"summary: {passed} passed, {failed} failed, {ignored} skipped")
sys.exit(1 if failed or passed == 0 else 0)
