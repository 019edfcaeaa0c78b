#!/usr/bin/env bash
# Render an SVG that pod-resources wrote (admit -o svg, node show -o svg) to a PNG, as a
# browser shows it: Debian's Chromium, headless, without network (apt-get install -y chromium).
#
#   scripts/render_svg.sh FILE.svg OUT.png [SCALE]
#
# The window is the SVG's own size (its width/height attributes) times SCALE (default 1),
# so nothing is clipped and nothing is padded. For the picture of docs/admit-and-nodes.md:
#   pod-resources admit --node examples/nodes/dgx-like-8gpu.yaml examples/pods/gpu-training.yaml \
#     -o svg --output-file /tmp/admit-dgx.svg
#   scripts/render_svg.sh /tmp/admit-dgx.svg docs/images/admit-dgx.png
set -euo pipefail
svg=${1:?usage: render_svg.sh FILE.svg OUT.png [SCALE]}
png=${2:?usage: render_svg.sh FILE.svg OUT.png [SCALE]}
scale=${3:-1}
chromium=${CHROMIUM:-/usr/bin/chromium}
size=$(python3 - "$svg" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(int(float(root.get("width"))), int(float(root.get("height"))))
PY
)
read -r width height <<<"$size"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# The flags: headless as root in a container (--no-sandbox, --disable-gpu), and no network at
# all (every background service off: this machine has none, and Chromium would retry).
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --force-device-scale-factor="$scale" --user-data-dir="$profile" \
  --window-size="$width,$height" --screenshot="$(realpath -m "$png")" "file://$(realpath "$svg")" 2>/dev/null
echo "wrote $png (${width}x${height} CSS px, scale $scale)"
