#!/usr/bin/env bash
# SwiftPM does not rebuild the targets that use @JSONModel when the macro's code changes:
# touching their sources makes an incremental build expand the macro again.
cd "$(dirname "$0")/.."
grep -l "@JSONModel" -r Examples Tests Benchmarks/Sources Fuzz/Sources --include=*.swift \
  | xargs touch
