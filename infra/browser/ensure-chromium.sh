#!/bin/sh
# Makes Debian's Chromium available at /usr/bin/chromium for the browser tests. Tests drive it with
# playwright-core, which never downloads a browser of its own (the machines have no route to one).
# Quiet when Chromium is there or installs; one line on stderr when it cannot be had.
set -u

[ -x /usr/bin/chromium ] && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: /usr/bin/chromium is missing; install Debian's chromium package (needs root and apt-get)" >&2
  exit 1
fi

# Test files run in parallel and others may be installing too: dpkg takes one install at a time and
# refuses the others, so they queue here and look again when their turn comes.
exec 9>/tmp/signet-apt-install.lock
flock 9
[ -x /usr/bin/chromium ] && exit 0

log=$(mktemp)
install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 chromium >"$log" 2>&1; }
# A fresh machine may have no package lists yet: update only when the first try cannot find the package.
if ! install && ! { apt-get update -q >>"$log" 2>&1 && install; }; then
  echo "ensure-chromium: apt-get install chromium failed: $(tail -n 1 "$log")" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
