#!/usr/bin/env bash
# Builds the container image and proves it with podman: a secret created and read through the published port, a
# secret read after the container was replaced on the same volume, a backup restored as docs/backup.md says, a
# non-root process, a read-only root filesystem (also without podman's tmpfs, as Docker runs it), the health check, a
# clean stop on SIGTERM, the `hush` command and a bad environment value stopping the start. Prints one line per
# check, the image size and the times; writes reports/container.json ({"passed": N, "failed": N}) and exits non-zero
# on any failure.
#
# Needs root, podman, runc and debootstrap (apt-get install podman runc debootstrap), and `npm ci && npm run build`
# on the host (the round trip uses the host's dist/cli). The official Node base images are built locally as
# stand-ins when missing (scripts/container-base-images.sh). IMAGE overrides the tag built and tested.
# shellcheck disable=SC2016 # the single-quoted scripts run inside the container
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/hush-ct:test}
NAME=hush-ct-$$
VOLUME=hush-ct-$$-data
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
RUN=("${PODMAN[@]}" run "${LIMITS[@]}")
CLI=(node dist/cli/main.js)
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p reports
LOG=reports/container-build.log
# podman's own complaints go here: it cannot put the HEALTHCHECK on a systemd timer on this machine (no systemd),
# so it says so at every start and removal; the test runs the health check by hand.
PODMAN_LOG=reports/container-podman.log
: >"$PODMAN_LOG"

CHECKS_LABEL=container
# shellcheck source=scripts/lib/checks.sh
source scripts/lib/checks.sh
RESTORE_DIR=$(mktemp -d)
report() { printf '{"passed": %d, "failed": %d}\n' "$passed" "$failed" >reports/container.json; }
cleanup() {
  "${PODMAN[@]}" rm --force --ignore --volumes --time 0 "$NAME-a" "$NAME-b" "$NAME-bad" "$NAME-r" >/dev/null 2>&1 || true
  "${PODMAN[@]}" volume rm -f "$VOLUME" "$NAME-restored" >/dev/null 2>&1 || true
  rm -rf "$RESTORE_DIR"
  report
}
trap cleanup EXIT

wait_ready() { # container port: /readyz answers 200 within 60 s
  for _ in $(seq 120); do
    [ "$("${PODMAN[@]}" inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" = true ] ||
      fail "the container stopped: $("${PODMAN[@]}" logs "$1" 2>&1 | tail -n 3)" || return 1
    curl -fsS -o /dev/null "http://127.0.0.1:$2/readyz" 2>/dev/null && return 0
    sleep 0.5
  done
  fail "/readyz did not answer 200 within 60 s"
}

if [ ! -f dist/cli/main.js ]; then
  echo "  ✗ container: dist/cli/main.js is missing: run npm ci && npm run build first"
  failed=1
  exit 1
fi

# --- images ------------------------------------------------------------------------------------------------------
start=$SECONDS
if ! bash scripts/container-base-images.sh; then
  echo "  ✗ container: stand-in base images could not be built"
  failed=1
  exit 1
fi
base_seconds=$((SECONDS - start))

start=$SECONDS
echo "building $IMAGE (log: $LOG)"
if ! "${PODMAN[@]}" build --pull=never --network=host --format docker "${LIMITS[@]}" \
  --build-arg HUSH_COMMIT="$COMMIT" -t "$IMAGE" . >"$LOG" 2>&1; then
  tail -n 30 "$LOG"
  echo "  ✗ container: image build failed"
  failed=1
  exit 1
fi
build_seconds=$((SECONDS - start))
size=$("${PODMAN[@]}" image inspect -f '{{.Size}}' "$IMAGE")
base_size=$("${PODMAN[@]}" image inspect -f '{{.Size}}' docker.io/library/node:24-bookworm-slim)
echo "image $IMAGE: $((size / 1000000)) MB ($(((size - base_size) / 1000000)) MB on top of node:24-bookworm-slim)"

# --- the image itself ----------------------------------------------------------------------------------------------
in_image() { "${RUN[@]}" --rm --entrypoint sh "$IMAGE" -c "$1"; }
no_build_tools() {
  in_image 'for tool in gcc g++ cc make python3 git; do command -v $tool && exit 1; done; exit 0' ||
    fail "build tools in the image"
}
no_dev_dependencies() {
  in_image 'cd /app/node_modules && for dep in vite typescript vitest eslint tsx s3rver @playwright/test; do
    [ ! -e "$dep/package.json" ] || { echo "$dep"; exit 1; }; done' || fail "dev dependencies in the image"
}
declares() {
  local config
  config=$("${PODMAN[@]}" image inspect -f \
    'user={{.Config.User}} volumes={{.Config.Volumes}} health={{if .Config.Healthcheck}}{{.Config.Healthcheck.Test}}{{end}}' "$IMAGE")
  [[ $config == *"user=1000 "* && $config == *"/data"* && $config == *"/readyz"* ]] || fail "$config"
}
check "no build tools in the final image" no_build_tools
check "no dev dependencies in the final image" no_dev_dependencies
check "image declares user 1000 (numeric, for runAsNonRoot), a /data volume and a /readyz HEALTHCHECK" declares

# --- first container: read-only root, no tmpfs (as Docker runs --read-only) ----------------------------------------
PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
"${PODMAN[@]}" volume create "$VOLUME" >/dev/null
"${RUN[@]}" -d --name "$NAME-a" --read-only --read-only-tmpfs=false -v "$VOLUME:/data" \
  -p "127.0.0.1:$PORT:3000" "$IMAGE" >/dev/null 2>>"$PODMAN_LOG"

check "starts with --read-only --read-only-tmpfs=false and answers /readyz on the published port" wait_ready "$NAME-a" "$PORT"

pid1() {
  local status
  local command
  status=$("${PODMAN[@]}" exec "$NAME-a" cat /proc/1/status) || return 1
  # Its command line, not its Name: Node 24 names its main thread MainThread (masked until fail ended checks).
  command=$("${PODMAN[@]}" exec "$NAME-a" cat /proc/1/cmdline | tr '\0' ' ') || return 1
  [ "$command" = "node /app/dist/server/main.js " ] || fail "PID 1 is not node: $command"
  if [[ $status == *$'\nUid:\t0\t'* ]]; then fail "PID 1 runs as root"; fi
}
read_only() {
  [ "$("${PODMAN[@]}" inspect -f '{{.HostConfig.ReadonlyRootfs}}' "$NAME-a")" = true ] || fail "not --read-only"
  "${PODMAN[@]}" exec "$NAME-a" sh -c 'for dir in /app /tmp /home/node; do touch $dir/probe 2>/dev/null && exit 1; done; exit 0' ||
    fail "the root filesystem is writable"
}
healthy() {
  "${PODMAN[@]}" healthcheck run "$NAME-a" >>"$PODMAN_LOG" 2>&1 || fail "podman healthcheck run failed"
  [ "$("${PODMAN[@]}" inspect -f '{{.State.Health.Status}}' "$NAME-a")" = healthy ] || fail "health check did not pass"
}
commit_in_page() {
  local page
  page=$(curl -fsS "$BASE/") || fail "the page did not load"
  # (Never `producer | grep -q` under pipefail: grep stops at the first match and the producer's SIGPIPE fails it.)
  [[ $page == *"\"commit\":\"$COMMIT\""* ]] || fail "the page does not carry commit $COMMIT"
}
round_trip() {
  local link text
  link=$(printf 'round trip' | "${CLI[@]}" create --server "$BASE" --ttl 3600 2>/dev/null)
  text=$("${CLI[@]}" open "$link" 2>&1)
  [ "$text" = "round trip" ] || fail "read '$text'"
  ! "${CLI[@]}" open "$link" >/dev/null 2>&1 || fail "a one-view secret could be read twice"
}
hush_command() {
  local link text
  link=$("${PODMAN[@]}" exec "$NAME-a" sh -c 'printf inside | hush create --ttl 3600' 2>/dev/null)
  text=$("${PODMAN[@]}" exec "$NAME-a" hush open "$link" 2>&1)
  [ "$text" = inside ] || fail "read '$text'"
}
check "the server is PID 1 (node itself, no npm or shell) and not root" pid1
check "the root filesystem is read-only (/app, /tmp, the home folder)" read_only
check "HEALTHCHECK reports healthy" healthy
check "the page carries the commit given at build time" commit_in_page
check "create and read a secret through the published port (host CLI)" round_trip
check "the hush command works inside the container (podman exec)" hush_command

# --- docs/backup.md: a backup of the running container, restored into a new volume by the page's own commands ------
RESTORE_LINES=(
  'podman run --rm --user 0 --entrypoint sh -v hush-data-restored:/data -v "$PWD":/backups:ro <image> \'
  "  -c 'hush restore /backups/hush-2026-01-01.tar && chown -R 1000:1000 /data'"
)
restore_as_documented() {
  local link text line port out
  for line in "${RESTORE_LINES[@]}"; do
    grep -qxF -- "$line" docs/backup.md || { fail "docs/backup.md lacks: $line"; return; }
  done
  link=$(printf 'restored from a backup' | "${CLI[@]}" create --server "$BASE" --ttl 3600 2>/dev/null) ||
    { fail "no secret created"; return; }
  "${PODMAN[@]}" exec "$NAME-a" mkdir -p /data/backups || { fail "mkdir /data/backups failed"; return; }
  "${PODMAN[@]}" exec "$NAME-a" hush backup /data/backups/hush-2026-01-01.tar >/dev/null ||
    { fail "hush backup failed"; return; }
  "${PODMAN[@]}" cp "$NAME-a:/data/backups/hush-2026-01-01.tar" "$RESTORE_DIR/" || { fail "podman cp failed"; return; }
  "${PODMAN[@]}" volume create "$NAME-restored" >/dev/null
  # RESTORE_LINES, with this test's volume and image, run from the folder holding the backup.
  out=$(cd "$RESTORE_DIR" && "${RUN[@]}" --rm --user 0 --entrypoint sh -v "$NAME-restored:/data" \
    -v "$PWD":/backups:ro "$IMAGE" -c 'hush restore /backups/hush-2026-01-01.tar && chown -R 1000:1000 /data' 2>&1) ||
    { fail "the restore of docs/backup.md failed: $(grep -v systemd <<<"$out" | tail -n 2)"; return; }
  port=$(free_port)
  "${RUN[@]}" -d --name "$NAME-r" --read-only -v "$NAME-restored:/data" -p "127.0.0.1:$port:3000" "$IMAGE" \
    >/dev/null 2>>"$PODMAN_LOG"
  wait_ready "$NAME-r" "$port" || return 1
  text=$("${CLI[@]}" open "http://127.0.0.1:$port/${link#http://*/}" 2>&1)
  [ "$text" = "restored from a backup" ] || { fail "read '$text' from the restored container"; return; }
}
check "docs/backup.md: hush backup in the container, restore into a new volume, a server on it reads the secret" \
  restore_as_documented
"${PODMAN[@]}" rm -f -t 5 "$NAME-r" >/dev/null 2>&1 || true

KEPT=$(printf 'kept across restarts' | "${CLI[@]}" create --server "$BASE" --ttl 3600 2>/dev/null) || KEPT=''

stops_cleanly() {
  local start=$SECONDS code
  "${PODMAN[@]}" stop -t 20 "$NAME-a" >/dev/null 2>&1
  code=$("${PODMAN[@]}" inspect -f '{{.State.ExitCode}}' "$NAME-a")
  [ "$code" = 0 ] || fail "exit code $code after SIGTERM"
  [ $((SECONDS - start)) -lt 10 ] || fail "took $((SECONDS - start)) s (killed at the timeout?)"
  local logs
  logs=$("${PODMAN[@]}" logs "$NAME-a" 2>&1)
  [[ $logs == *'"reason":"SIGTERM"'* ]] || fail "no shutdown logged"
}
check "podman stop: SIGTERM, exit code 0 well before the timeout" stops_cleanly

# --- second container on the same volume (podman's default --read-only, with tmpfs) -----------------------------
"${PODMAN[@]}" rm -f "$NAME-a" >/dev/null 2>>"$PODMAN_LOG"
PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
"${RUN[@]}" -d --name "$NAME-b" --read-only -v "$VOLUME:/data" -p "127.0.0.1:$PORT:3000" "$IMAGE" \
  >/dev/null 2>>"$PODMAN_LOG"
kept() {
  wait_ready "$NAME-b" "$PORT" || return 1
  [ -n "$KEPT" ] || fail "the secret could not be created before the restart"
  local text
  text=$("${CLI[@]}" open "$BASE/${KEPT#http://*/}" 2>&1)
  [ "$text" = "kept across restarts" ] || fail "read '$text'"
}
check "a new container on the same volume reads a secret created before" kept
"${PODMAN[@]}" stop -t 20 "$NAME-b" >/dev/null 2>&1 || true

# --- bad input -----------------------------------------------------------------------------------------------------
bad_env() {
  local out code=0
  out=$(timeout 60 "${RUN[@]}" --rm --name "$NAME-bad" --read-only -e HUSH_PORT=abc "$IMAGE" 2>&1) || code=$?
  [ "$code" != 0 ] || fail "the container started with HUSH_PORT=abc"
  grep -q 'HUSH_PORT' <<<"$out" || fail "exit $code without naming HUSH_PORT: $(grep -v systemd <<<"$out")"
}
check "HUSH_PORT=abc stops the start with a message naming HUSH_PORT" bad_env

echo "container: base images ${base_seconds} s, image build ${build_seconds} s, whole test $SECONDS s"
echo "container checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
