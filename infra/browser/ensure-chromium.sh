#!/bin/sh
# Makes Debian's Chromium available at /usr/bin/chromium for the browser tests, with fonts for the
# Chinese, Japanese and Korean the signer page is tested in (fonts-noto-cjk; Arabic and the Latin,
# Greek and Cyrillic scripts come with Chromium's own dependencies). Tests drive it with playwright-core,
# which never downloads a browser of its own (the machines have no route to one).
# Quiet when everything is there or installs; one line on stderr when it cannot be had.
set -u

check() {
  missing=""
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
  fc-list :lang=ja 2>/dev/null | grep -q . || missing="$missing fonts-noto-cjk"
}
check
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: missing Debian packages:$missing; install them (apt-get install$missing, needs root)" >&2
  exit 1
fi

# Test files run in parallel and others may be installing too: dpkg takes one install at a time and
# refuses the others, so they queue here and look again when their turn comes.
exec 9>/tmp/signet-apt-install.lock
flock 9
check
[ -z "$missing" ] && exit 0

log=$(mktemp)
# shellcheck disable=SC2086 # the package names are meant to split
install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 $missing >"$log" 2>&1; }
# A fresh machine may have no package lists yet: update only when the first try cannot find the packages.
if ! install && ! { apt-get update -q >>"$log" 2>&1 && install; }; then
  echo "ensure-chromium: apt-get install$missing failed: $(tail -n 1 "$log")" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
