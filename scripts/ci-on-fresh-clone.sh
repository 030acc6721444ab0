#!/usr/bin/env bash
# Runs the project's CI (.ci/run) as CI runs it: on a fresh clone of this repository's HEAD, with its output
# in a log file beside the clone. Usage:
#   scripts/ci-on-fresh-clone.sh              # as on any machine of this kind
#   scripts/ci-on-fresh-clone.sh --one-core   # the rehearsal of a slow machine: the whole run, the servers,
#                                             # the browsers and the tests, pinned to one core of the two
# The clone is made under $CI_CLONE_ROOT (default /tmp), the log is <clone>.log; the clone is kept for a look.
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
pin=()
if [ "${1:-}" = "--one-core" ]; then pin=(taskset -c 0); fi
root=${CI_CLONE_ROOT:-/tmp}
clone="$root/ci-clone-$(git -C "$repo" rev-parse --short HEAD)-$(date +%s)"
git clone -q "$repo" "$clone"
# the clone's ../shared is the product spec and architecture notes beside the repository
if [ -e "$repo/../shared" ] && [ ! -e "$root/shared" ]; then ln -sfn "$(cd "$repo/../shared" && pwd)" "$root/shared"; fi
echo "CI on $clone (HEAD $(git -C "$clone" log --oneline -1)) ${pin[*]:+under ${pin[*]}}; log: $clone.log"
status=0
(cd "$clone" && CI=true "${pin[@]}" bash .ci/run) >"$clone.log" 2>&1 || status=$?
sed -n '/^== steps/,$p' "$clone.log"
echo "exit $status"
exit "$status"
