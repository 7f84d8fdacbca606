#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, in its own build folder (.build-asan), so a
# use of freed memory, an overflow of a buffer or a leak of an unsafe allocation's bounds stops
# the run with a report. From the repository root:
#
#   Scripts/test-asan.sh                 # every test
#   Scripts/test-asan.sh --filter Model  # some tests
#
# Tests that run a built executable in a child process, and the exit tests, run it
# instrumented too. Expect a first build of several minutes. An incremental build does not
# always recompile modules that inline a changed type's layout (`@usableFromInline` stored
# properties); a crash in code that has not changed calls for `rm -rf .build-asan`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's runtime keeps some allocations for the life of the process; leaks are not what this
# run looks for.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1}"
swift build --build-tests --enable-all-traits --sanitize=address --scratch-path .build-asan
swift test --skip-build --enable-all-traits --sanitize=address --scratch-path .build-asan "$@"
