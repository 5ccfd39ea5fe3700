#!/usr/bin/env bash
# The one test command (README, .ci/run): install, build, typecheck, lint, then every test of the
# repository in one vitest run with coverage. The last line is the runner's count.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh

echo "== build, typecheck, lint (turbo; cached tasks replay)"
pnpm exec turbo run build typecheck lint --output-logs=errors-only
pnpm exec prettier --check . --log-level warn
pnpm --filter @platform/api-client --silent size

echo "== tests (all packages, one run, coverage)"
mkdir -p .cache
status=0
pnpm exec vitest run --coverage --reporter=default --reporter=json --outputFile.json=.cache/vitest-results.json || status=$?
pnpm exec node scripts/closing-line.mjs .cache/vitest-results.json "$status"
