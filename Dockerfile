# syntax=docker/dockerfile:1
# The server and the built H5 app in one image (docs/operations.md). Every process of compose.yaml
# runs it; ROLE says what each does. Checked by apps/server/src/deploy/deploy.test.ts (a linter from
# npm, and the commands against the ones the multi-process tests run).

# Build: install with the lockfile, build the app and the server, then keep production packages.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV CI=true
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@platform/server... --filter=@platform/h5... --output-logs=errors-only \
 && pnpm prune --prod --ignore-scripts \
 && rm -rf apps/h5/src apps/h5/e2e packages/*/src/**/*.test.* .turbo

# Run: Node, ffmpeg (transcodes, live HLS) and tini as PID 1 (signals reach Node, zombies reaped).
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080 1935
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/index.js"]
