#!/usr/bin/env bash
# Runs the deployment files for real with podman, against the image that scripts/container-test.sh built:
#
#   Kubernetes  the Helm chart (deploy/helm/hush) rendered by Helm with ci/scale-out-values.yaml, the addresses
#               replaced by stand-in PostgreSQL, Redis and S3 containers', played with `podman kube play`: its
#               Deployment's two pods serve, locked down as the chart says, and a secret (with a file) created through
#               one pod reads through the other.
#   compose     compose.yaml run by podman-compose: two Hush instances behind nginx on PostgreSQL, Redis and S3; a
#               secret created through one instance reads through the other, and through nginx.
#
# Nothing can pull images here, so the service images are stand-ins built from scripts/stand-ins (Debian's
# PostgreSQL 15, Redis 7.0 and nginx 1.22; s3rver for MinIO and mc) and put in place of postgres:17, redis:7.4,
# nginx:1.28, minio/minio and minio/mc by a compose override file; Hush's own services use IMAGE instead of building.
# Prints one line per check and the times; writes reports/kube.json ({"passed": N, "failed": N}).
#
# Needs root, podman, and what this script installs when missing (podman-compose, catatonit for podman's pod pause
# image, the dnsname CNI plugin for names on podman networks), `npm ci && npm run build` (dist/cli) and the image:
# IMAGE (default localhost/hush-ct:test, what scripts/container-test.sh builds).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/hush-ct:test}
STAND_INS=localhost/hush-kube-stand-ins:test
ID=hush-kube-$$
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
CLI=(node "$PWD/dist/cli/main.js")
WORK=$(mktemp -d /tmp/hush-kube.XXXXXX)
mkdir -p reports
LOG=reports/kube-podman.log
: >"$LOG"

CHECKS_LABEL=kube
# shellcheck source=scripts/lib/checks.sh
source scripts/lib/checks.sh
report() { printf '{"passed": %d, "failed": %d}\n' "$passed" "$failed" >reports/kube.json; }
compose() {
  CONTAINERS_CONF=$WORK/containers.conf POSTGRES_PASSWORD=$PASSWORD MINIO_ROOT_PASSWORD=$PASSWORD \
    LISTEN=127.0.0.1:$PROXY_PORT PUBLIC_URL=http://127.0.0.1:$PROXY_PORT \
    podman-compose -p "$ID" -f compose.yaml -f "$WORK/compose.override.yaml" "$@"
}
cleanup() {
  local status=$? volumes
  set +e
  # A step outside the checks that stopped the script (set -e) is a failure too.
  [ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
  if [ -f "$WORK/kube.yaml" ]; then
    # podman 4.3 makes the pods' emptyDir and secret volumes named volumes: removed with the pods.
    volumes=$("${PODMAN[@]}" inspect -f '{{range .Mounts}}{{.Name}} {{end}}' "$ID-pod-0-hush" "$ID-pod-1-hush" 2>/dev/null)
    "${PODMAN[@]}" pod rm --force --time 0 "$ID-pod-0" "$ID-pod-1" >>"$LOG" 2>&1
    "${PODMAN[@]}" secret rm "$ID" >>"$LOG" 2>&1
    # shellcheck disable=SC2086 # one name per word
    [ -z "${volumes// /}" ] || "${PODMAN[@]}" volume rm --force $(tr ' ' '\n' <<<"$volumes" | sort -u) >>"$LOG" 2>&1
  fi
  "${PODMAN[@]}" rm --force --time 0 "$ID-postgres" "$ID-redis" "$ID-minio" >>"$LOG" 2>&1
  "${PODMAN[@]}" network rm --force "$ID" >>"$LOG" 2>&1
  if [ -f "$WORK/compose.override.yaml" ]; then
    # podman-compose 1.0's down -v keeps the anonymous volumes (the image's VOLUME /data): removed by name.
    volumes=$("${PODMAN[@]}" ps -a --filter "label=io.podman.compose.project=$ID" -q |
      xargs -r "${PODMAN[@]}" inspect -f '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}')
    compose down -v -t 0 >>"$LOG" 2>&1
    # shellcheck disable=SC2086 # one name per word
    [ -z "${volumes// /}" ] || "${PODMAN[@]}" volume rm --force $volumes >>"$LOG" 2>&1
    "${PODMAN[@]}" network rm --force "${ID}_default" >>"$LOG" 2>&1
  fi
  rm -rf "$WORK"
  report
}
trap cleanup EXIT

ready() { # URL: /readyz answers 200 within 90 s
  for _ in $(seq 180); do
    curl -fsS -o /dev/null "$1/readyz" 2>/dev/null && return 0
    sleep 0.5
  done
  fail "$1/readyz did not answer 200 within 90 s: $(curl -sS "$1/readyz" 2>&1 | tail -c 300)"
}
ip_of() { # container network
  "${PODMAN[@]}" inspect -f "{{(index .NetworkSettings.Networks \"$2\").IPAddress}}" "$1"
}
# A secret with a file, created through one server and read through another; a second read fails (one view).
across() { # FROM TO
  local link text
  [[ $1 =~ ^http://[0-9.:]+[0-9]$ && $2 =~ ^http://[0-9.:]+[0-9]$ ]] || fail "no address: '$1' '$2'"
  printf 'attached across\n' >"$WORK/attached.txt"
  link=$(printf 'across instances' | "${CLI[@]}" create --server "$1" --ttl 3600 --file "$WORK/attached.txt" \
    2>"$WORK/create.err") || fail "create through $1 failed: $(tail -n 1 "$WORK/create.err")"
  mkdir -p "$WORK/out"
  text=$("${CLI[@]}" open "$2/${link#http*://*/}" --out "$WORK/out" 2>"$WORK/open.err") ||
    fail "open through $2 failed: $(tail -n 1 "$WORK/open.err")"
  [ "$text" = "across instances" ] || fail "read '$text'"
  cmp -s "$WORK/attached.txt" "$WORK/out/attached.txt" || fail "the file did not come back whole"
  ! "${CLI[@]}" open "$1/${link#http*://*/}" --out "$WORK/out" >/dev/null 2>&1 || fail "a one-view secret was read twice"
  rm -rf "$WORK/out"
}

if [ ! -f dist/cli/main.js ]; then
  echo "  ✗ kube: dist/cli/main.js is missing: run npm ci && npm run build first"
  failed=1
  exit 1
fi
if ! "${PODMAN[@]}" image exists "$IMAGE"; then
  echo "  ✗ kube: image $IMAGE is missing: run scripts/container-test.sh first (or set IMAGE)"
  failed=1
  exit 1
fi

# --- tools and stand-ins -------------------------------------------------------------------------------------------
start=$SECONDS
packages=()
command -v podman-compose >/dev/null || packages+=(podman-compose)
command -v catatonit >/dev/null || [ -x /usr/libexec/podman/catatonit ] || packages+=(catatonit)
[ -x /usr/lib/cni/dnsname ] || packages+=(golang-github-containernetworking-plugin-dnsname)
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing ${packages[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >>"$LOG" 2>&1 ||
    { apt-get update -qq >>"$LOG" 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends "${packages[@]}" >>"$LOG" 2>&1; } || {
    echo "  ✗ kube: could not install ${packages[*]}"
    failed=1
    exit 1
  }
fi
bash scripts/helm.sh version --short >/dev/null || {
  echo "  ✗ kube: Helm is not available (scripts/helm.sh)"
  failed=1
  exit 1
}
if ! "${PODMAN[@]}" build --pull=never --network=host --format docker "${LIMITS[@]}" -t "$STAND_INS" \
  scripts/stand-ins >>"$LOG" 2>&1; then
  tail -n 20 "$LOG"
  echo "  ✗ kube: the stand-in image could not be built"
  failed=1
  exit 1
fi
tools_seconds=$((SECONDS - start))

# --- Kubernetes: the chart's scale-out Deployment with podman kube play ---------------------------------------------
start=$SECONDS
# podman kube play and podman-compose take no --ulimit: this machine's limits (see LIMITS) come from a config file.
printf '[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n' \
  >"$WORK/containers.conf"
PASSWORD=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
"${PODMAN[@]}" network create "$ID" >>"$LOG"
RUN=("${PODMAN[@]}" run "${LIMITS[@]}" -d --network "$ID")
"${RUN[@]}" --name "$ID-postgres" -e POSTGRES_USER=hush -e POSTGRES_PASSWORD="$PASSWORD" -e POSTGRES_DB=hush \
  "$STAND_INS" postgres >>"$LOG"
"${RUN[@]}" --name "$ID-redis" "$STAND_INS" redis-server --save '' --appendonly no >>"$LOG"
"${RUN[@]}" --name "$ID-minio" -e MINIO_ROOT_USER=hush -e MINIO_ROOT_PASSWORD="$PASSWORD" "$STAND_INS" \
  server /data >>"$LOG"

services_up() {
  for _ in $(seq 60); do
    "${PODMAN[@]}" exec "$ID-postgres" pg_isready -q -U hush -d hush &&
      "${PODMAN[@]}" exec "$ID-redis" redis-cli ping >/dev/null &&
      "${PODMAN[@]}" exec "$ID-minio" mc ready local 2>/dev/null && break
    sleep 0.5
  done
  "${PODMAN[@]}" exec "$ID-minio" sh -c "mc alias set s3 http://127.0.0.1:9000 hush $PASSWORD && mc mb s3/hush"
}
check "stand-in PostgreSQL, Redis and S3 are up, with a bucket" services_up

render() {
  # The release is named after this run, so that the Secret (a podman secret) and volumes are its own.
  bash scripts/helm.sh template "$ID" deploy/helm/hush -f deploy/helm/hush/ci/scale-out-values.yaml \
    --set image.repository="${IMAGE%:*}" --set image.tag="${IMAGE##*:}" --set image.pullPolicy=Never \
    --set config.HUSH_PUBLIC_URL= --set config.HUSH_S3_ENDPOINT="http://$ID-minio:9000" \
    --set config.HUSH_UPLOAD_RESTRICTION=false \
    --set secrets.HUSH_DATABASE_URL="postgres://hush:$PASSWORD@$ID-postgres:5432/hush" \
    --set secrets.HUSH_REDIS_URL="redis://$ID-redis:6379" --set secrets.HUSH_S3_SECRET_ACCESS_KEY="$PASSWORD" \
    -s templates/secret.yaml -s templates/configmap.yaml -s templates/deployment.yaml >"$WORK/rendered.yaml"
  grep -q '^kind: Deployment' "$WORK/rendered.yaml" || fail "no Deployment rendered"
  # Three changes for podman 4.3, which plays everything else as rendered: it publishes every containerPort on the
  # host (a missing hostPort defaults to it; podman 4.5 stopped that), so two pods cannot both declare 3000: the
  # container's ports list goes (in Kubernetes only the Service reads it). It makes the pod's emptyDir a named volume
  # of the machine, called as in the pod: "data" becomes this run's own name. And it mounts a Secret's data without
  # decoding it: the podman secret it reads is made from the rendered Secret with its values decoded.
  node --input-type=module -e '
    import fs from "node:fs";
    import { parseAllDocuments } from "yaml";
    const [rendered, kube, secret, id] = process.argv.slice(1);
    const docs = parseAllDocuments(fs.readFileSync(rendered, "utf8"));
    const of = (kind) => docs.filter((doc) => doc.get("kind") === kind);
    for (const doc of of("Deployment")) {
      const pod = ["spec", "template", "spec"];
      doc.deleteIn([...pod, "containers", 0, "ports"]);
      for (const list of [[...pod, "volumes"], [...pod, "containers", 0, "volumeMounts"]])
        for (const item of doc.getIn(list).items) if (item.get("name") === "data") item.set("name", `${id}-data`);
    }
    for (const doc of of("Secret"))
      for (const item of doc.get("data").items) item.value.value = Buffer.from(item.value.value, "base64").toString();
    fs.writeFileSync(kube, [...of("ConfigMap"), ...of("Deployment")].map(String).join(""));
    fs.writeFileSync(secret, of("Secret").map(String).join(""));' \
    "$WORK/rendered.yaml" "$WORK/kube.yaml" "$WORK/secret.yaml" "$ID"
  ! grep -q containerPort "$WORK/kube.yaml" || fail "the ports list is still there"
  grep -q "name: $ID-data" "$WORK/kube.yaml" || fail "the data volume was not renamed"
}
check "helm template renders the scale-out values with the stand-ins' addresses" render

play() {
  "${PODMAN[@]}" secret create "$ID" "$WORK/secret.yaml" >>"$LOG" || fail "podman secret create failed"
  CONTAINERS_CONF=$WORK/containers.conf "${PODMAN[@]}" kube play --network "$ID" "$WORK/kube.yaml" >>"$LOG" 2>&1 ||
    fail "podman kube play failed: $(grep -v systemd "$LOG" | tail -n 1)"
  local pods
  pods=$("${PODMAN[@]}" pod ls --filter "name=^$ID-pod-" --format '{{.Name}} {{.Status}}' | sort)
  [ "$pods" = "$ID-pod-0 Running"$'\n'"$ID-pod-1 Running" ] || fail "pods: $pods"
}
check "podman kube play runs the Deployment's two replicas as pods" play
POD_A=http://$(ip_of "$ID-pod-0-hush" "$ID" 2>/dev/null):3000
POD_B=http://$(ip_of "$ID-pod-1-hush" "$ID" 2>/dev/null):3000

both_ready() {
  ready "$POD_A" && ready "$POD_B" || fail "$("${PODMAN[@]}" logs --tail 5 "$ID-pod-0-hush" 2>&1)"
  local body
  body=$(curl -fsS "$POD_B/readyz") || fail "/readyz failed"
  [[ $body == *'"status":"ok"'* ]] || fail "/readyz: $body"
}
check "both pods answer /readyz ok: PostgreSQL, Redis and S3 reached with the secrets read from files" both_ready

locked_down() {
  local container=$ID-pod-0-hush status
  status=$("${PODMAN[@]}" exec "$container" cat /proc/1/status) || fail "podman exec failed"
  [[ $status == *$'\nUid:\t1000\t1000\t1000\t1000'* ]] || fail "not uid 1000: $(grep Uid <<<"$status")"
  [[ $status == *$'\nCapEff:\t0000000000000000'* ]] || fail "capabilities left: $(grep CapEff <<<"$status")"
  [[ $status == *$'\nNoNewPrivs:\t1'* ]] || fail "privileges can be gained"
  [[ $status == *$'\nSeccomp:\t2'* ]] || fail "no seccomp filter: $(grep Seccomp <<<"$status")"
  ! "${PODMAN[@]}" exec "$container" touch /app/probe 2>/dev/null || fail "the root filesystem is writable"
  "${PODMAN[@]}" exec "$container" touch /data/probe || fail "/data is not writable"
}
check "a pod runs as uid 1000, no capabilities, no new privileges, seccomp, read-only root, writable /data" locked_down

secrets_as_files() {
  local env
  env=$("${PODMAN[@]}" exec "$ID-pod-1-hush" env) || fail "podman exec failed"
  [[ $env == *"HUSH_DATABASE_URL_FILE=/run/secrets/hush/HUSH_DATABASE_URL"* ]] || fail "no HUSH_DATABASE_URL_FILE"
  [[ $env != *"$PASSWORD"* ]] || fail "a secret value is in the environment"
  [ "$("${PODMAN[@]}" exec "$ID-pod-1-hush" cat /run/secrets/hush/HUSH_REDIS_URL)" = "redis://$ID-redis:6379" ] ||
    fail "the mounted secret file differs"
}
check "secret settings reach the pods as files, never as environment values" secrets_as_files
check "a secret with a file created through one pod reads through the other" across "$POD_A" "$POD_B"
kube_seconds=$((SECONDS - start))

# --- compose.yaml with podman-compose ----------------------------------------------------------------------------------
start=$SECONDS
PROXY_PORT=$(free_port)
PROXY=http://127.0.0.1:$PROXY_PORT
# What compose.yaml names but nothing here can pull (the commands are those images' own defaults); and anonymous
# secrets may carry files, so that the round trips below go through the shared S3 store too (as in the chart's run).
cat >"$WORK/compose.override.yaml" <<OVERRIDE
services:
  proxy: { image: '$STAND_INS', command: ['nginx', '-g', 'daemon off;'] }
  hush-1: { image: '$IMAGE', environment: { HUSH_UPLOAD_RESTRICTION: 'false' } }
  hush-2: { image: '$IMAGE', environment: { HUSH_UPLOAD_RESTRICTION: 'false' } }
  postgres: { image: '$STAND_INS', command: ['postgres'] }
  redis: { image: '$STAND_INS' }
  minio: { image: '$STAND_INS' }
  minio-init: { image: '$STAND_INS' }
OVERRIDE

compose_up() {
  compose up -d --no-build >>"$LOG" 2>&1 || fail "podman-compose up failed (see $LOG)"
  ready "$PROXY" || fail "$(compose logs hush-1 2>&1 | tail -n 3)"
}
check "podman-compose up: nginx answers /readyz for two Hush instances on PostgreSQL, Redis and S3" compose_up
HUSH_1=http://$(ip_of "${ID}_hush-1_1" "${ID}_default" 2>/dev/null):3000
HUSH_2=http://$(ip_of "${ID}_hush-2_1" "${ID}_default" 2>/dev/null):3000
both_instances() { ready "$HUSH_1" && ready "$HUSH_2"; }
check "both Hush instances are ready" both_instances
check "a secret with a file created through one instance reads through the other" across "$HUSH_1" "$HUSH_2"
check "a secret with a file created through nginx reads through nginx" across "$PROXY" "$PROXY"
compose_seconds=$((SECONDS - start))

echo "kube: tools and stand-ins ${tools_seconds} s, Kubernetes ${kube_seconds} s, compose ${compose_seconds} s, whole test $SECONDS s"
echo "kube checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
