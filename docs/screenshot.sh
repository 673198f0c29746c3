#!/usr/bin/env bash
# Renders docs/report.png, the picture in the README's "Report" section: the section's example run
# with the release binary, its report opened by chromium-headless-shell 1,280 pixels wide.
# Usage: make screenshot (or docs/screenshot.sh <budget binary>).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:?usage: docs/screenshot.sh <budget binary>}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$binary" "$work/bin/budget"
awk '/^### Report$/ { found = 1 } found && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' \
  README.md > "$work/example.sh"
(cd "$work" && PATH="$work/bin:$PATH" TMPDIR="$work" bash -e -o pipefail example.sh >/dev/null)
chromium-headless-shell --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
  --window-size=1280,1560 --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/report.png"
