#!/usr/bin/env bash
# The one test command (README, .ci/run): install, build, typecheck, lint, then every test of the
# repository in one vitest run with coverage. The last line is the runner's count.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh

echo "== build, typecheck, lint, Storybook build (turbo; cached tasks replay)"
# One task per core: turbo's default (10 at a time) made these 20 tasks contend on 2 cores —
# 104 s against 88 s one per core, measured on a clean tree (docs/perf.md).
pnpm exec turbo run build typecheck lint build-storybook --output-logs=errors-only --concurrency=100%
pnpm exec prettier --check . --log-level warn
node scripts/clones.mjs
node scripts/file-lines.mjs
pnpm --filter @platform/api-client --silent size
pnpm --filter @platform/ui --silent size
pnpm --filter @platform/h5 --silent size
pnpm --filter @platform/admin --silent size

# Every tier in one vitest run (unit, integration, fuzz, e2e: README "Tests"), with coverage. The
# server's suites always run on the embedded PGlite, and on PostgreSQL when one answers on
# 127.0.0.1:5432 (with-postgres.mjs says plainly which; each run makes its own databases).
echo "== tests (every tier, one run, coverage)"
mkdir -p .cache
status=0
pnpm exec node scripts/with-postgres.mjs vitest run --coverage --reporter=default --reporter=json \
  --outputFile.json=.cache/vitest-results.json || status=$?
pnpm exec node scripts/closing-line.mjs .cache/vitest-results.json "$status"
