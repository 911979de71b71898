#!/usr/bin/env python3
"""Mutants of one package's files, tested by another package's test binary.

cargo-mutants 27 tests a mutant with the tests of the package its file is in, even with
--test-package or --test-workspace; the window's live link (crates/app) is tested by the
root package's tests/live_panel.rs. This lists the mutants with cargo-mutants (so
.cargo/mutants.toml's exclusions apply), applies each in place with `patch`, runs the
named test binary, and puts the file back (docs/testing.md):

    python3 .cargo/mutants-across-packages.py live_panel \\
        crates/app/src/app/session/live.rs crates/app/src/app/ui/attach.rs

Prints one line per mutant (CAUGHT, MISSED, UNVIABLE, TIMEOUT) and a count. Run it on a
clean tree: it restores each file with `git checkout`.
"""
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    test, files = sys.argv[1], sys.argv[2:]
    listed = subprocess.run(
        ["cargo", "mutants", "--list", "--workspace", "--json", "--diff"]
        + [arg for f in files for arg in ("-f", f)],
        capture_output=True, check=True,
    )
    counts = {}
    for mutant in json.loads(listed.stdout):
        patched = subprocess.run(
            ["patch", "-s", mutant["file"]], input=mutant["diff"].encode(), capture_output=True
        )
        try:
            if patched.returncode != 0:
                result = "UNAPPLIED"
            else:
                result = outcome(test)
        finally:
            subprocess.run(["git", "checkout", "--", mutant["file"]], check=True)
        counts[result] = counts.get(result, 0) + 1
        print(f"{result} {mutant['name']}", flush=True)
    print(", ".join(f"{n} {r.lower()}" for r, n in sorted(counts.items())))


def outcome(test):
    built = subprocess.run(
        ["cargo", "test", "-q", "--test", test, "--no-run"], capture_output=True, timeout=900
    )
    if built.returncode != 0:
        return "UNVIABLE"
    try:
        ran = subprocess.run(["cargo", "test", "-q", "--test", test], capture_output=True, timeout=180)
    except subprocess.TimeoutExpired:
        return "TIMEOUT"
    return "CAUGHT" if ran.returncode != 0 else "MISSED"


if __name__ == "__main__":
    main()
