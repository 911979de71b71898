#!/usr/bin/env bash
# Builds steerlab for the browser into target/web: index.html, the loader's scripts, the
# .wasm and the article page. Serve that folder with any static server, e.g.
#     python3 -m http.server --directory target/web 8000
# and open http://127.0.0.1:8000/. Nothing is fetched from the network at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
cargo build --profile web --target wasm32-unknown-unknown --bin steerlab
out="$target_dir/web"
rm -rf "$out"
mkdir -p "$out/vendor"
cp web/index.html web/articles.html web/steerlab.js "$out/"
cp web/vendor/*.js "$out/vendor/"
cp "$target_dir/wasm32-unknown-unknown/web/steerlab.wasm" "$out/steerlab.wasm"
raw=$(stat -c %s "$out/steerlab.wasm")
gz=$(gzip -9 -c "$out/steerlab.wasm" | wc -c)
echo "built $out: steerlab.wasm $((raw / 1024)) KiB ($((gz / 1024)) KiB gzipped)"
