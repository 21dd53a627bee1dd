#!/bin/sh
# Fetches the two face photos the identity tests and the calibration use, from Debian's python3-skimage
# package (scikit-image's sample data), into libs/identity/.cache/test-faces/ (gitignored):
#   astronaut.png  Eileen Collins, NASA photograph, public domain ("No known copyright restrictions,
#                  released into the public domain", skimage/data/_fetchers.py)
#   camera.png     a man with a camera, "No copyright restrictions. CC0 by the photographer (Lav Varshney)"
# No Python is needed: apt-get download takes the .deb and dpkg-deb -x unpacks it. Idempotent, and safe
# when several test files start it at once (they queue on a lock). Needs root and apt on a fresh Debian.
set -u

dir="$(cd "$(dirname "$0")/.." && pwd)/.cache/test-faces"
have() { [ -s "$dir/astronaut.png" ] && [ -s "$dir/camera.png" ]; }
have && exit 0

if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-deb >/dev/null 2>&1; then
  echo "ensure-test-faces: apt-get and dpkg-deb are needed to fetch python3-skimage's sample faces" >&2
  exit 1
fi

mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9
have && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log="$work/log"
# apt-get download writes into the current folder. A fresh machine may have no package lists yet:
# update only when the first try cannot find the package.
download() { (cd "$work" && apt-get download -q python3-skimage >>"$log" 2>&1); }
if ! download && ! { apt-get update -q >>"$log" 2>&1 && download; }; then
  echo "ensure-test-faces: apt-get download python3-skimage failed: $(tail -n 1 "$log")" >&2
  exit 1
fi
dpkg-deb -x "$work"/python3-skimage_*.deb "$work/x"
data=$(find "$work/x" -type d -path '*/skimage/data' | head -n 1)
if [ -z "$data" ] || [ ! -s "$data/astronaut.png" ] || [ ! -s "$data/camera.png" ]; then
  echo "ensure-test-faces: python3-skimage no longer ships skimage/data/astronaut.png and camera.png" >&2
  exit 1
fi
# Copied under temporary names and renamed, so a reader never sees half a file.
for name in astronaut camera; do
  cp "$data/$name.png" "$dir/.$name.png.part" && mv "$dir/.$name.png.part" "$dir/$name.png"
done
