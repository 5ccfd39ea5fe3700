#!/usr/bin/env bash
# Restore a backup of deploy/backup.sh into an empty database, all or nothing (one transaction).
# Usage: deploy/restore.sh <file.dump> <postgres://… of an empty database>
# Then start the processes on it with the same secrets (docs/operations.md: Restore drill).
# Exercised by apps/server/src/backup.test.ts.
set -euo pipefail
file="${1:?usage: deploy/restore.sh <file.dump> <database url>}"
target="${2:?usage: deploy/restore.sh <file.dump> <database url>}"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$file"
echo "restored $file"
