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
clean tree: it restores each file with `git checkout`. Two options come first:
`--package PKG` runs the test binary of that package (the sweep's lockstep path in
crates/sim is checked by crates/headless's lockstep_diagnosis), and `--in-diff FILE`
keeps only the mutants in code the diff touches:

    python3 .cargo/mutants-across-packages.py --package steerlab-headless \
        --in-diff changes.diff lockstep_diagnosis crates/sim/src/sim/lockstep.rs
"""
import json
import os
import signal
import subprocess
import sys


def main():
    args = sys.argv[1:]
    package, in_diff = [], []
    while args[:1] in (["--package"], ["--in-diff"]):
        if args[0] == "--package":
            package = ["-p", args[1]]
        else:
            in_diff = ["--in-diff", args[1]]
        args = args[2:]
    if len(args) < 2:
        sys.exit(__doc__)
    test, files = args[0], args[1:]
    listed = subprocess.run(
        ["cargo", "mutants", "--list", "--workspace", "--json", "--diff"]
        + in_diff
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
                result = outcome(package, test)
        finally:
            subprocess.run(["git", "checkout", "--", mutant["file"]], check=True)
        counts[result] = counts.get(result, 0) + 1
        print(f"{result} {mutant['name']}", flush=True)
    print(", ".join(f"{n} {r.lower()}" for r, n in sorted(counts.items())))


def outcome(package, test):
    built = subprocess.run(
        ["cargo", "test", "-q"] + package + ["--test", test, "--no-run"],
        capture_output=True, timeout=900,
    )
    if built.returncode != 0:
        return "UNVIABLE"
    # In a session of its own: a mutant that loops for ever is ended with the test
    # binary cargo started, not only cargo (which would leave the binary running).
    ran = subprocess.Popen(
        ["cargo", "test", "-q"] + package + ["--test", test],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        code = ran.wait(timeout=180)
    except subprocess.TimeoutExpired:
        os.killpg(ran.pid, signal.SIGKILL)
        ran.wait()
        return "TIMEOUT"
    return "CAUGHT" if code != 0 else "MISSED"


if __name__ == "__main__":
    main()
