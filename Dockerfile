# syntax=docker/dockerfile:1
# The product as an image (README "Container"): Node.js 24 from the official image, a build stage and a
# small runtime stage that runs as the image's `node` user (uid 1000), keeps its embedded database in the
# /data volume, and stops cleanly on SIGTERM (docs/decisions/008). scripts/image-check.sh assembles the same
# runtime without a registry, and test/deploy/dockerfile.test.ts holds the two equal.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Everything needed to build: the client's pages, the guide, the server and its embedded database template.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime's packages only. No install scripts: the one that matters, the `node` package's, fetches a
# second Node.js that the image already has.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/src/locales ./src/locales
# The embedded database and the development secrets live in /data, the node user's alone (0700).
RUN mkdir -p /data && chown 1000:1000 /data && chmod 0700 /data
USER 1000:1000
VOLUME /data
EXPOSE 5000
# Ready, not just live: /readyz answers 200 once the database is open and migrated, 503 otherwise.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 5000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Node itself is PID 1 (no npm, no shell): SIGTERM reaches the server, which drains and exits 0.
ENTRYPOINT ["node", "dist/server/main.js"]
