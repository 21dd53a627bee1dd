#!/bin/sh
# Makes Debian's ffmpeg available for the signer page's identity test, which turns test images (a
# passport, selfies) into the Y4M videos Chromium's fake camera plays
# (--use-file-for-fake-video-capture). Quiet when it is there or installs; one line on stderr when it
# cannot be had. Idempotent, and safe when several test files start it at once (they queue on the lock
# ensure-chromium.sh takes too: dpkg takes one install at a time).
set -u

command -v ffmpeg >/dev/null 2>&1 && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-ffmpeg: missing Debian package: ffmpeg; install it (apt-get install ffmpeg, needs root)" >&2
  exit 1
fi

exec 9>/tmp/signet-apt-install.lock
flock 9
command -v ffmpeg >/dev/null 2>&1 && exit 0

log=$(mktemp)
install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 ffmpeg >"$log" 2>&1; }
# A fresh machine may have no package lists yet: update only when the first try cannot find the package.
if ! install && ! { apt-get update -q >>"$log" 2>&1 && install; }; then
  echo "ensure-ffmpeg: apt-get install ffmpeg failed: $(tail -n 1 "$log")" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
