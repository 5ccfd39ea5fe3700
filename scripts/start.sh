#!/usr/bin/env bash
# The one start command (README): install, build, and run the whole product at one URL.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh
pnpm exec turbo run build --output-logs=errors-only
exec pnpm --filter @platform/server start
