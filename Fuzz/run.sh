#!/usr/bin/env bash
# Fuzzes the reader, and the stream reader over the same inputs, for N seconds (default 600)
# with libFuzzer and AddressSanitizer.
#   Fuzz/run.sh [SECONDS]
# Crashes land in Fuzz/crashes/; turn each into a regression test before fixing it.
#
# The harness is compiled with the core's sources as one module by swiftc: SwiftPM renames an
# executable's entry point, which clashes with the `main` that libFuzzer provides.
set -euo pipefail
cd "$(dirname "$0")"
# Swift's backtracer, started by a fatal error, keeps the output pipe open and the run hangs in
# `tail`; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
seconds="${1:-600}"
mkdir -p .build-fuzz crashes corpus-work
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzReader \
  -D FUZZ_SINGLE_MODULE -swift-version 6 -package-name bindery \
  $(find ../Sources/BinderyJSON -name '*.swift') Sources/FuzzReader/FuzzReader.swift \
  -o .build-fuzz/FuzzReader
cp -n corpus/* corpus-work/ 2>/dev/null || true
./.build-fuzz/FuzzReader corpus-work -max_total_time="$seconds" -max_len=4096 \
  -artifact_prefix=crashes/ -print_final_stats=1 2>&1 | tail -25
