#!/bin/sh
# The `mc` subcommands compose.yaml uses, over plain HTTP (s3rver takes unsigned requests).
set -e
aliases=${TMPDIR:-/tmp}/mc-aliases
case "$1" in
ready) # mc ready local: the server answers
  curl -fsS -o /dev/null http://127.0.0.1:9000/
  ;;
alias) # mc alias set NAME URL USER PASSWORD
  [ "$2" = set ] || exit 2
  mkdir -p "$aliases"
  printf '%s' "$4" >"$aliases/$3"
  ;;
mb) # mc mb [--ignore-existing] NAME/BUCKET
  ignore=false
  [ "$2" = --ignore-existing ] && ignore=true && shift
  url=$(cat "$aliases/${2%%/*}")
  code=$(curl -sS -o /dev/null -w '%{http_code}' -X PUT "$url/${2#*/}")
  [ "$code" = 200 ] || { [ "$code" = 409 ] && $ignore; } || {
    echo "mc mb: HTTP $code"
    exit 1
  }
  echo "Bucket created successfully \`$2\`."
  ;;
*)
  echo "mc stand-in: $1 is not supported" >&2
  exit 2
  ;;
esac
