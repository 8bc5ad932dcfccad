#!/usr/bin/env bash
# Runs a command and prints its wall time and the CPU-seconds the whole machine was busy meanwhile
# (every core, every process: browsers, servers and databases under test too), from /proc/stat.
# The CI machine is slower than a session's, so a test run's cost is compared in CPU-seconds.
#   bash bench/cpu-seconds.sh npx playwright test e2e/visitors.spec.ts
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
before=$(busy); started=$(date +%s.%N)
"$@"; status=$?
echo "wall $(echo "$(date +%s.%N) - $started" | bc) s, busy $(( ($(busy) - before) / $(getconf CLK_TCK) )) CPU-seconds, exit $status" >&2
exit $status
