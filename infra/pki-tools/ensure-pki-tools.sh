#!/bin/sh
# Makes the independent checkers of signed PDFs available to the tests: OpenSSL (`openssl cms -verify`,
# `openssl ts -verify`), poppler's pdfsig and pdftotext, NSS's certutil (a trust store pdfsig reads),
# SoftHSM2 (a PKCS#11 token for the HSM signer) and OpenSC's pkcs11-tool (keys generated inside that
# token and certificates written to it, as docs/production-signing.md tells operators to). Quiet when
# they are there or install; one line on stderr when they cannot be had.
set -u

check() {
  missing=""
  command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
  command -v pdfsig >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
  command -v certutil >/dev/null 2>&1 || missing="$missing libnss3-tools"
  [ -f /usr/lib/softhsm/libsofthsm2.so ] && command -v softhsm2-util >/dev/null 2>&1 || missing="$missing softhsm2"
  command -v pkcs11-tool >/dev/null 2>&1 || missing="$missing opensc"
}
check
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-pki-tools: missing Debian packages:$missing; install them (apt-get install$missing, needs root)" >&2
  exit 1
fi

# Test files run in parallel and several may find the tools missing: dpkg takes one install at a time and
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
  echo "ensure-pki-tools: apt-get install$missing failed: $(tail -n 1 "$log")" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
