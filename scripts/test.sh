#!/usr/bin/env bash
# The one test command (README, .ci/run): install, build, typecheck, lint, then every test of the
# repository in one vitest run with coverage. The last line is the runner's count.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh

echo "== build (turbo; cached tasks replay), size budgets"
# One task per core: turbo's default (10 at a time) made its tasks contend on 2 cores (docs/perf.md).
pnpm exec turbo run build --output-logs=errors-only --concurrency=100%
pnpm --filter @platform/api-client --silent size
pnpm --filter @platform/ui --silent size
pnpm --filter @platform/h5 --silent size

# Typecheck, lint, the Storybook build, formatting, copies and file lengths gate no test: they run
# beside the tests at the lowest CPU priority (nice 19), in the moments the tests leave a core idle,
# and their output is printed after the tests. Any failure fails the command. Measured: docs/perf.md.
echo "== typecheck, lint, Storybook build, formatting, copies, file lengths (beside the tests)"
mkdir -p .cache
checks_status=0
nice -n 19 bash scripts/checks.sh > .cache/checks.log 2>&1 &
checks_pid=$!

# Every tier in one vitest run (unit, integration, fuzz, e2e: README "Tests"), with coverage. The
# server's suites always run on the embedded PGlite, and on PostgreSQL when one answers on
# 127.0.0.1:5432 (with-postgres.mjs says plainly which; each run makes its own databases).
echo "== tests (every tier, one run, coverage)"
status=0
pnpm exec node scripts/with-postgres.mjs vitest run --coverage --reporter=default --reporter=json \
  --outputFile.json=.cache/vitest-results.json || status=$?
wait "$checks_pid" || checks_status=$?
echo "== the checks beside the tests"
cat .cache/checks.log
if [ "$checks_status" -ne 0 ]; then
  echo "the checks above failed (exit $checks_status): the command fails though the tests passed"
  [ "$status" -ne 0 ] || status=$checks_status
fi
pnpm exec node scripts/closing-line.mjs .cache/vitest-results.json "$status"
