#!/usr/bin/env bash
# The checks no test waits for: typecheck, lint, the static Storybook build (turbo; cached tasks
# replay), formatting, copied code, file lengths. The test command (scripts/test.sh) runs this
# beside the tests at the lowest CPU priority; alone: `bash scripts/checks.sh` after a build.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm exec turbo run typecheck lint build-storybook --output-logs=errors-only --concurrency=100%
pnpm exec prettier --check . --log-level warn
node scripts/clones.mjs
node scripts/file-lines.mjs
echo "checks: typecheck, lint, Storybook build, formatting, copies and file lengths passed"
