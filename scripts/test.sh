#!/usr/bin/env bash
# The one test command (README, .ci/run): install, build, typecheck, lint, then every test of the
# repository in one vitest run with coverage. The last line is the runner's count.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh

echo "== build, typecheck, lint, Storybook build (turbo; cached tasks replay)"
pnpm exec turbo run build typecheck lint build-storybook --output-logs=errors-only
pnpm exec prettier --check . --log-level warn
node scripts/clones.mjs
node scripts/file-lines.mjs
pnpm --filter @platform/api-client --silent size
pnpm --filter @platform/ui --silent size
pnpm --filter @platform/h5 --silent size

# The server's suites always run on the embedded PGlite, and on PostgreSQL when one answers (each
# run makes its own database and drops it). Say plainly which.
if [ -z "${TEST_DATABASE_URL:-}" ] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== PostgreSQL: ${TEST_DATABASE_URL%%@*}@… answers; server suites run on PGlite and PostgreSQL"
else
  echo "== PostgreSQL: not reachable at 127.0.0.1:5432; server suites run on PGlite only (PostgreSQL SKIPPED)"
fi

echo "== tests (all packages, one run, coverage)"
mkdir -p .cache
status=0
pnpm exec vitest run --coverage --reporter=default --reporter=json --outputFile.json=.cache/vitest-results.json || status=$?
pnpm exec node scripts/closing-line.mjs .cache/vitest-results.json "$status"
