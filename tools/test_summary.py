#!/usr/bin/env python3
"""Adds up the test counts of the logs given: cargo test's `test result:`
lines and pytest's closing line (`48 passed, 1 skipped in 1.6s`), and prints
one closing line, `summary: N passed, N failed, N skipped`, so the last line
of a test run states the whole suite's totals. Exits 1 if nothing ran or any
test failed."""
import re
import sys

CARGO = re.compile(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored")
# pytest's last line: counts then the time, maybe between '=' rules.
PYTEST = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s")

passed = failed = ignored = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            m = CARGO.search(line)
            if m:
                passed += int(m.group(1))
                failed += int(m.group(2))
                ignored += int(m.group(3))
                continue
            m = PYTEST.match(line.strip())
            if m:
                for count, kind in re.findall(r"(\d+) (\w+)", m.group(1)):
                    if kind == "passed":
                        passed += int(count)
                    elif kind in ("failed", "error", "errors"):
                        failed += int(count)
                    elif kind in ("skipped", "xfailed", "xpassed", "deselected"):
                        ignored += int(count)
print(f"summary: {passed} passed, {failed} failed, {ignored} skipped")
sys.exit(1 if failed or passed == 0 else 0)
