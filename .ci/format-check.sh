#!/usr/bin/env bash
# Fails when any Swift file is not as the toolchain's swift-format (with .swift-format) would write it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --parallel --configuration .swift-format -r Sources Tests Benchmarks Package.swift Fuzz/Sources Fuzz/Package.swift Snapshots/tools
