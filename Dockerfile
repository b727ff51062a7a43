# syntax=docker/dockerfile:1
# The server's image (docs/deployment.md): built in one stage (npm ci, npm run build: the web app and the
# server's JavaScript bundle), run from another that holds only the built JavaScript, the production
# dependencies and the web's built assets, as the unprivileged `node` user. One image serves the site and
# the API; run as many containers as you like on one PostgreSQL (deploy/compose.yaml runs two behind nginx).
ARG NODE_IMAGE=node:20.20-bookworm

# --- the workspaces' manifests, the only inputs of the dependency installs (cached while they stay the same)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# the README's npm (the lockfile and package.json are written by npm 11)
RUN npm install -g npm@11.19.1 --no-audit --no-fund

# --- every dependency, and the build
FROM manifests AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies of the server and of the web app's server rendering only
# (native modules, better-sqlite3 and sharp, are built or fetched here, on the same Debian as the runtime)
FROM manifests AS deps
RUN npm ci --omit=dev --workspace apps/server --workspace apps/web --no-audit --no-fund \
 && npm cache clean --force

# --- the runtime: no sources, no compilers, no dev dependencies
FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /app/apps/server/dist /app/apps/server/dist
COPY --from=build /app/apps/web/build /app/apps/web/build
# /app/data: the JWT secret when none is given, the e-mail and phone outboxes; /app/images: uploaded
# images (IMAGES_DIR=/app/images). Mount volumes there (deploy/compose.yaml); the code stays root's,
# read-only to the server.
RUN mkdir -p /app/data/outbox /app/data/channel-outbox /app/images \
 && chown -R node:node /app/data /app/images
USER node
EXPOSE 3000
VOLUME ["/app/data", "/app/images"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
