#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine of this kind, and nothing twice:
# system packages (apt), pnpm at the pinned version, then the workspace (which brings its own Node 24).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[bootstrap]\033[0m %s\n' "$*"; }

# System packages the project needs, one per line (later steps add chromium, ffmpeg…).
apt_packages=()
while IFS= read -r line; do
  line=${line%%#*}
  line=${line//[[:space:]]/}
  [ -n "$line" ] && apt_packages+=("$line")
done < scripts/apt-packages.txt

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing system packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# pnpm, at the version package.json pins (corepack's signature check fails on these machines).
want_pnpm=$(node -p "require('./package.json').packageManager.split('@')[1]")
have_pnpm=$(pnpm --version 2>/dev/null || true)
if [ "$have_pnpm" != "$want_pnpm" ]; then
  say "installing pnpm $want_pnpm (found: ${have_pnpm:-none})"
  npm install -g --no-fund --no-audit "pnpm@$want_pnpm" >/dev/null
fi

say "installing workspace dependencies"
pnpm install --frozen-lockfile --reporter=append-only 2>&1 | grep -vE "Unknown (env|user) config|preinstall: (npm warn|added|Done)" || true
test -d node_modules/.pnpm || { echo "pnpm install failed" >&2; exit 1; }
say "node for scripts: $(pnpm exec node --version)"
