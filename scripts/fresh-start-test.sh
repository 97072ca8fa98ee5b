#!/usr/bin/env bash
# The README's first command as a newcomer runs it, on a Node.js older than Hush needs (Debian's /usr/bin/node: 20
# here, 18 on a stock Debian 12): a fresh clone, `npm ci` (one line about the Node.js, no engine warnings), then
# `npm start`, which fetches the pinned Node.js from the npm registry, builds and serves. A secret goes through it
# with the command-line client on that same old Node.js, and SIGTERM stops it cleanly. Then `npm start` once more on
# each Node.js given in NODES (folders with bin/node, e.g. Node 24) in that clone, already built: a round trip each.
# Writes reports/fresh-start.json ({"passed": N, "failed": N}).
#   OLD_NODE=/usr/bin/node NODES="dir …" bash scripts/fresh-start-test.sh
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OLD_NODE=${OLD_NODE:-/usr/bin/node}
mkdir -p reports
passed=0
failed=0
report() { printf '{"passed": %d, "failed": %d}\n' "$passed" "$failed" >"$ROOT/reports/fresh-start.json"; }
ok() {
  passed=$((passed + 1))
  echo "  ✓ fresh start: $*"
}
ko() {
  failed=$((failed + 1))
  echo "  ✗ fresh start: $*"
}

if [ ! -x "$OLD_NODE" ] || "$OLD_NODE" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)'; then
  echo "  - fresh start: no Node.js older than 22 at $OLD_NODE: skipped"
  report
  exit 0
fi
OLD_DIR=$(dirname "$OLD_NODE")
WORK=$(mktemp -d /tmp/hush-fresh-XXXXXX)
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
  rm -rf "$WORK"
  report
}
trap cleanup EXIT

free_port() { "$OLD_NODE" -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# start LABEL PATH_DIR: `npm start` from the clone with PATH_DIR's node first; waits for /readyz (a build included).
start() {
  local label=$1 dir=$2
  PORT=$(free_port)
  (cd "$WORK/hush" && PATH="$dir:$PATH" HUSH_PORT=$PORT HUSH_DATA_DIR="$WORK/data-$label" HUSH_LOG_LEVEL=warn \
    exec npm start >"$WORK/start-$label.log" 2>&1) &
  SERVER=$!
  for _ in $(seq 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null && return 0
    kill -0 "$SERVER" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 5 "$WORK/start-$label.log"
  return 1
}

# round_trip LABEL: a secret created and opened with the CLI on the old Node.js; a second open finds it gone.
round_trip() {
  local link text
  link=$(printf 'fresh-%s' "$1" | PATH="$OLD_DIR:$PATH" node "$WORK/hush/dist/cli/main.js" create \
    --server "http://127.0.0.1:$PORT" --ttl 1h 2>"$WORK/create.err") || { echo "create: $(cat "$WORK/create.err")"; return 1; }
  text=$(PATH="$OLD_DIR:$PATH" node "$WORK/hush/dist/cli/main.js" open "$link" 2>&1) || { echo "open: $text"; return 1; }
  [ "$text" = "fresh-$1" ] || { echo "opened \"$text\""; return 1; }
  ! PATH="$OLD_DIR:$PATH" node "$WORK/hush/dist/cli/main.js" open "$link" >/dev/null 2>&1 || { echo "opened twice"; return 1; }
}

# stop LABEL: SIGTERM to npm, which passes it on; the server finishes and npm exits 0.
stop() {
  kill -TERM "$SERVER"
  local code=0
  wait "$SERVER" || code=$?
  SERVER=
  if [ "$code" -eq 0 ]; then ok "SIGTERM to npm start on $1 stops the server cleanly"; else ko "stop on $1: exit code $code"; fi
}

echo "  fresh start on $("$OLD_NODE" --version) (npm $(PATH="$OLD_DIR:$PATH" npm --version))"
git clone -q "$ROOT" "$WORK/hush"
start_time=$SECONDS
if out=$(cd "$WORK/hush" && PATH="$OLD_DIR:$PATH" npm ci --no-fund --no-audit 2>&1); then
  if grep -q EBADENGINE <<<"$out"; then
    ko "npm ci warns about engines: $(grep -c EBADENGINE <<<"$out") lines"
  elif [ "$(grep -c 'is older than Hush needs' <<<"$out")" -ne 1 ]; then
    ko "npm ci does not say, in one line, what npm start does on this Node.js: $out"
  else
    ok "npm ci on Node.js $("$OLD_NODE" --version): one line about the Node.js ($((SECONDS - start_time)) s)"
  fi
else
  ko "npm ci failed: $(tail -n 3 <<<"$out")"
fi

start_time=$SECONDS
if start old "$OLD_DIR"; then
  first=$(head -n 8 "$WORK/start-old.log" | grep -m1 'is older than Hush needs' || true)
  if [ -n "$first" ]; then ok "npm start fetched a supported Node.js, built and served ($((SECONDS - start_time)) s)"; else ko "npm start did not say which Node.js runs Hush"; fi
  if out=$(round_trip old); then ok "a secret created and opened with the CLI on $("$OLD_NODE" --version)"; else ko "round trip: $out"; fi
  stop "$("$OLD_NODE" --version)"
else
  ko "npm start on $("$OLD_NODE" --version) did not become ready"
fi

for dir in ${NODES:-}; do
  version=$("$dir/node" --version)
  if start "$version" "$dir"; then
    if out=$(round_trip "$version"); then ok "npm start on Node.js $version serves a secret"; else ko "round trip on $version: $out"; fi
    stop "$version"
  else
    ko "npm start on Node.js $version did not become ready"
  fi
done
[ "$failed" -eq 0 ]
