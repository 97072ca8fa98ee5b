# Hush server image. Build:  docker build --build-arg HUSH_COMMIT=$(git rev-parse --short HEAD) -t hush .
# (podman: add --format docker, or the HEALTHCHECK is dropped.) Operator docs: docs/deploy-container.md.

# Node 24 LTS (22 works too: --build-arg NODE_MAJOR=22).
ARG NODE_MAJOR=24

# --- package*.json with the app's own version set to 0.0.0: a release's version bump keeps the layer below cached ---
FROM docker.io/library/node:${NODE_MAJOR}-bookworm AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
RUN node -e "for (const f of ['package.json', 'package-lock.json']) { const j = require('./' + f); j.version = '0.0.0'; \
      if (j.packages && j.packages['']) j.packages[''].version = '0.0.0'; require('fs').writeFileSync(f, JSON.stringify(j)); }"

# --- dependencies: every package (cached while package*.json are unchanged, but for the version) ---------------------
# Nothing is compiled: better-sqlite3 13 and @node-rs/argon2 ship Node-API binaries in their npm packages.
FROM docker.io/library/node:${NODE_MAJOR}-bookworm AS deps
WORKDIR /app
# npm ci runs the preinstall check of the Node.js (scripts/check-node.mjs): it needs these files.
COPY --from=manifests /app/package.json /app/package-lock.json ./
COPY .npmrc ./
COPY scripts/check-node.mjs scripts/node-runtime.mjs ./scripts/
RUN npm ci --no-audit --no-fund --no-update-notifier

# --- build: web client, compressed assets, server and CLI into dist/ ------------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# --- production dependencies only; of better-sqlite3, only the binary for this platform (not its C sources) ------------
# i18next (the server's email texts) names TypeScript as an optional peer, for its types: npm keeps it with --omit=dev,
# but nothing runs it, so it goes too.
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund --no-update-notifier \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && cd node_modules/better-sqlite3 \
 && rm -rf deps src \
 && find prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete

# --- runtime: Node's slim image, no build tools, no dev dependencies --------------------------------------------------
FROM docker.io/library/node:${NODE_MAJOR}-bookworm-slim
WORKDIR /app
# Everything is configured by HUSH_* variables (README's table); these are the container's own defaults. SQLite and
# the files live in /data; TMPDIR points there too, the one writable place under --read-only.
ENV NODE_ENV=production \
    HUSH_HOST=0.0.0.0 \
    HUSH_PORT=3000 \
    HUSH_DATA_DIR=/data \
    TMPDIR=/data
# `hush` runs the command-line client (podman exec NAME hush …) against this container's server by default.
RUN printf '#!/bin/sh\n: "${HUSH_SERVER:=http://127.0.0.1:${HUSH_PORT:-3000}}"\nexport HUSH_SERVER\nexec node /app/dist/cli/main.js "$@"\n' \
      >/usr/local/bin/hush \
 && chmod 755 /usr/local/bin/hush \
 && mkdir /data \
 && chown node:node /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
ARG HUSH_COMMIT=unknown
# The native addons load on this base image. (A RUN after the ARG also makes podman 4 (buildah), which caches ARG and ENV
# steps by their text, rebuild the ENV below when HUSH_COMMIT changes.)
RUN node -e "new (require('better-sqlite3'))(':memory:').close(); require('@node-rs/argon2')" \
 && echo "commit: $HUSH_COMMIT"
ENV HUSH_COMMIT=$HUSH_COMMIT
VOLUME /data
USER 1000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HUSH_PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1: it handles SIGTERM (closes the server and the database, exits 0).
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/dist/server/main.js"]
CMD []
# OCI labels: `npm run release` (scripts/release.mjs) passes the version, the full commit, the time and the source.
ARG HUSH_VERSION=dev
ARG HUSH_REVISION=$HUSH_COMMIT
ARG HUSH_CREATED=
ARG HUSH_SOURCE=
LABEL org.opencontainers.image.title="Hush" \
      org.opencontainers.image.version=$HUSH_VERSION \
      org.opencontainers.image.revision=$HUSH_REVISION \
      org.opencontainers.image.created=$HUSH_CREATED \
      org.opencontainers.image.source=$HUSH_SOURCE \
      org.opencontainers.image.licenses="MIT"
