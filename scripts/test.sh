#!/usr/bin/env bash
# The one test command (README, .ci/run): install, build, typecheck, lint, then every test of the
# repository (two vitest runs: the unit tier with coverage, the long tiers). The last line is the
# runners' count.
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

# Every tier (README "Tests"): the unit tier with coverage and its thresholds, then the long tiers
# (integration, fuzz, e2e) without it — v8's block counters cost those tiers a third of their CPU,
# 3 minutes of this command (decision 0004; `pnpm coverage` measures every tier). The server's suites
# always run on the embedded PGlite, and on PostgreSQL when one answers on 127.0.0.1:5432
# (with-postgres.mjs says plainly which; each run makes its own databases).
echo "== tests: the unit tier, with coverage"
mkdir -p .cache
rm -f .cache/vitest-unit.json .cache/vitest-long.json
status=0
pnpm --silent test:unit --coverage --reporter=default --reporter=json \
  --outputFile.json=.cache/vitest-unit.json || status=$?
echo "== tests: the integration, fuzz and e2e tiers"
pnpm --silent test:long --reporter=default --reporter=json \
  --outputFile.json=.cache/vitest-long.json || status=$?
pnpm exec node scripts/closing-line.mjs .cache/vitest-unit.json .cache/vitest-long.json "$status"
