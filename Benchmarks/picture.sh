#!/usr/bin/env bash
# Times decoding and scaling a 1170×2532 screenshot (the sample's PNG, a photo-like PNG and JPEG made on the fly)
# to a 100×60-cell canvas, and a key plus redraw with the picture cached. Targets (issue 11): decode + scale at most
# 50 ms; redraw at most 2 ms over frames alone.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Benchmarks -c release --product LassoPictureBenchmark >/dev/null
"$(swift build --package-path Benchmarks -c release --show-bin-path)/LassoPictureBenchmark" Snapshots/shop-home.json
