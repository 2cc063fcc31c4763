#!/usr/bin/env bash
# The ctgrind-style constant-time check (crates/pairkit-core/examples/ctgrind.rs):
# every constant-time function runs under Valgrind memcheck with its secret marked undefined and
# must draw no report; the negative control (a variable-time power by the same secret) must draw
# one, so a harness that stopped seeing secrets fails here too. Usage: scripts/ctgrind.sh PROFILE
set -euo pipefail
profile=${1:-ct}
bin=target/$profile/examples/ctgrind
cargo build -q -p pairkit-core --profile "$profile" --example ctgrind
out=$(mktemp -d)
if ! valgrind -q --error-exitcode=3 "$bin" > "$out/ct.txt" 2>&1; then
  cat "$out/ct.txt"; echo "ctgrind: memcheck reported a secret-dependent branch or address (above)"; exit 1
fi
grep "constant time\|backend" "$out/ct.txt"
if valgrind -q --error-exitcode=3 "$bin" --negative > "$out/neg.txt" 2>&1; then
  cat "$out/neg.txt"; echo "ctgrind: the negative control was NOT reported: the check sees no secrets"; exit 1
fi
grep -q "Conditional jump or move depends on uninitialised value" "$out/neg.txt"
echo "ctgrind: no report for the constant-time functions; the variable-time control was reported ($profile profile)"
