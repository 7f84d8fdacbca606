#!/usr/bin/env bash
# Fuzzes the model decoder and BinderyDecoder for N seconds (default 600) with libFuzzer and
# AddressSanitizer, differentially: each input is decoded as a @JSONModel, by BinderyDecoder
# and by Foundation's JSONDecoder, which must agree (the same value, or all an error).
#   Fuzz/run-decoders.sh [SECONDS]     # 0 builds the fuzzer without running it
# Crashes land in Fuzz/crashes/; turn each into a regression test before fixing it.
#
# Bindery is compiled module by module with swiftc, instrumented, and the package's macro
# plugin (built by `swift build --product BinderyMacros` at the root if missing) expands
# `@JSONModel`.
set -euo pipefail
cd "$(dirname "$0")"
# Swift's backtracer, started by a fatal error, keeps the output pipe open and the run hangs in
# `tail`; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
seconds="${1:-600}"
root=..
plugin="$root/.build/debug/BinderyMacros-tool"
if [ ! -x "$plugin" ]; then
  (cd "$root" && swift build --product BinderyMacros-tool 2>/dev/null || swift build)
fi
out=.build-fuzz/decoders
mkdir -p "$out" crashes corpus-decoders-work
flags=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name bindery
  -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
  -I "$out" -load-plugin-executable "$plugin#BinderyMacros")
module() {  # module NAME SOURCE-FOLDER (documentation catalogs' example files left out)
  swiftc "${flags[@]}" -module-name "$1" -wmo -emit-module -emit-module-path "$out/$1.swiftmodule" \
    -c $(find "$2" -name '*.swift' -not -path '*.docc/*') -o "$out/$1.o"
}
module BinderyJSON "$root/Sources/BinderyJSON"
module BinderyNaming "$root/Sources/BinderyNaming"
module Bindery "$root/Sources/Bindery"
swiftc "${flags[@]}" -module-name FuzzDecoders Sources/FuzzDecoders/FuzzDecoders.swift \
  "$out/BinderyJSON.o" "$out/BinderyNaming.o" "$out/Bindery.o" -o "$out/FuzzDecoders" 2>&1 \
  | grep -v "Cannot export local symbol" || true
[ "$seconds" = 0 ] && exit 0
cp -n corpus/* corpus-decoders-work/ 2>/dev/null || true
cp -n corpus-decoders/* corpus-decoders-work/ 2>/dev/null || true
./"$out/FuzzDecoders" corpus-decoders-work -max_total_time="$seconds" -max_len=4096 \
  -artifact_prefix=crashes/ -print_final_stats=1 2>&1 | tail -25
