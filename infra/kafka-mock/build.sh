#!/bin/sh
# Builds mock-broker (librdkafka's mock cluster) when it is missing or older than its source.
# Silent on success; on failure prints one line saying what to install and exits 1.
set -eu

dir=$(cd "$(dirname "$0")" && pwd)
src="$dir/mock-broker.c"
bin="$dir/mock-broker"
cc=${CC:-cc}

fail() {
  echo "infra/kafka-mock: $1" >&2
  exit 1
}

# rdkafka_mock.h refuses to be included before rdkafka.h.
has_mock_header() {
  printf '#include <librdkafka/rdkafka.h>\n#include <librdkafka/rdkafka_mock.h>\n' | "$cc" -E -x c - >/dev/null 2>&1
}

install_librdkafka() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q librdkafka-dev >/dev/null 2>&1 && return 0
  apt-get update -q >/dev/null 2>&1 && apt-get install -y -q librdkafka-dev >/dev/null 2>&1
}

[ -x "$bin" ] && [ "$bin" -nt "$src" ] && exit 0

command -v "$cc" >/dev/null 2>&1 || fail "no C compiler ($cc) found; install one: apt-get install gcc"

# Parallel test workers may all build at once; serialize them on the source file.
if command -v flock >/dev/null 2>&1; then
  exec 9<"$src"
  flock 9
  [ -x "$bin" ] && [ "$bin" -nt "$src" ] && exit 0
fi

if ! has_mock_header; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    install_librdkafka || fail "could not install librdkafka's headers; run: apt-get install librdkafka-dev"
  else
    fail "librdkafka's headers are missing; install them: apt-get install librdkafka-dev"
  fi
fi

tmp="$bin.$$.tmp"
trap 'rm -f "$tmp"' EXIT
"$cc" -O2 -o "$tmp" "$src" -lrdkafka
mv -f "$tmp" "$bin"
