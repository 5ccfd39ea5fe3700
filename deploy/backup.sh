#!/usr/bin/env bash
# Back up the database: a consistent snapshot (pg_dump takes one transaction's view) in PostgreSQL's
# custom format, safe while the processes run. Usage: DATABASE_URL=… deploy/backup.sh <folder>
# Prints the file it wrote. The bucket is backed up beside it with the store's own tool
# (docs/operations.md: Backups). Exercised by apps/server/src/backup.test.ts.
set -euo pipefail
folder="${1:?usage: DATABASE_URL=… deploy/backup.sh <folder>}"
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
mkdir -p "$folder"
file="$folder/platform-$(date -u +%Y%m%dT%H%M%SZ).dump"
pg_dump --format=custom --no-owner --no-privileges --file="$file.part" "$DATABASE_URL"
mv "$file.part" "$file"
echo "$file"
