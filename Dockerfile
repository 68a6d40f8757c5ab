# syntax=docker/dockerfile:1
# Regatta on Fly.io: the Remix app behind LiteFS (replicated SQLite). See litefs.yml and fly.toml.

FROM node:20-bookworm-slim AS base
WORKDIR /app

# Toolchain for native modules: better-sqlite3 compiles from source when no prebuilt binary fits.
FROM base AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci applies patches/ (patch-package, postinstall): see docs/decisions/0022-speed.md.
COPY patches ./patches

# Every dependency (dev included), to build.
FROM toolchain AS deps
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only, installed afresh (tsx is one of them: the migrations run as
# TypeScript at start-up).
FROM toolchain AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM base AS runtime
# fuse3 for the LiteFS mount, ca-certificates to reach Consul, sqlite3 for `fly ssh console` work.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 \
  && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs

# PAYMENT_PROVIDER is deliberately not set here: a production start without it stops with a message
# naming it (ADR 0023), so an image never runs on the payment simulator by accident.
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libvips's, shrinking crew tag photos)
# its own malloc arena, which fragments and is not handed back; two arenas cut the app's peak RSS
# under crew tag PDFs from 254-256 MB to 202-203 MB at no measurable cost (ADR 0022, "Native memory").
# LiteFS passes its environment on to the app (litefs.yml exec).
ENV NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  PORT=3000 \
  DATABASE_PATH=/litefs/regatta.db \
  LITEFS_DIR=/litefs \
  UPLOADS_DIR=/data/uploads

COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# `tsx db/migrate.ts` runs the TypeScript sources: db/ (schema, migrations) imports app/lib, and
# tsconfig.json maps the `~/` alias.
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/package.json /app/tsconfig.json ./
# The HTTP server (security headers, body limits, client address, request log): server.mjs.
COPY --from=build /app/server.mjs ./
COPY --from=build /app/server ./server
# Operator scripts (db:backup, db:restore, user-create) for `fly ssh console`.
COPY --from=build /app/scripts ./scripts
COPY litefs.yml /etc/litefs.yml

# 8080: the LiteFS proxy in front of the app server (node server.mjs, 3000); 20202: LiteFS
# replication (private network).
EXPOSE 8080
# LiteFS runs as root (FUSE), mounts /litefs, joins the cluster, then runs the `exec` commands of
# litefs.yml: the migrations on a candidate, then the app.
ENTRYPOINT ["litefs", "mount"]
