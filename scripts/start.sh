#!/usr/bin/env bash
# The one start command (README): install, build, and run the whole product at one URL.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh
pnpm exec turbo run build --output-logs=errors-only
# Live rooms: the RTMP ingest on 1935 and the seeded demo room (a looped clip, no encoding), unless
# the environment says otherwise (LIVE_RTMP_PORT=off, LIVE_DEMO=false). Tests never set these.
export LIVE_RTMP_PORT="${LIVE_RTMP_PORT-1935}" LIVE_DEMO="${LIVE_DEMO-true}"
# The server replaces this shell (exec, no pnpm in between), so a SIGTERM reaches it and it shuts
# down gracefully (docs/operations.md); Node is the repository's own (decision 0001).
cd apps/server
exec ../../node_modules/node/bin/node dist/index.js
