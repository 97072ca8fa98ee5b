# shellcheck shell=bash
# The checks of the shell test scripts (container-test.sh, kube-test.sh): source it after setting CHECKS_LABEL.
#   check NAME COMMAND…   runs the command in a subshell; its last line of output is the reason when it fails
#   fail MESSAGE          ends the check it is in (exit: a failure on any line counts, not only on the last one)
#   free_port             a port nothing listens on, on 127.0.0.1
passed=0
failed=0
check() {
  local name=$1 out
  shift
  if out=$("$@" 2>&1); then
    passed=$((passed + 1))
    echo "  ✓ $CHECKS_LABEL: $name"
  else
    failed=$((failed + 1))
    echo "  ✗ $CHECKS_LABEL: $name: $(printf '%s' "$out" | tail -n 1)"
  fi
}
# A check runs in check's command substitution, where errexit does not hold: fail ends it with exit.
fail() {
  echo "$*"
  exit 1
}
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
