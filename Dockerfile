# syntax=docker/dockerfile:1.7
# The image of one back-end workspace (the gateway or a service), from the repository root (npm
# workspaces share one lockfile):
#   podman build --build-arg SERVICE=services/auth -t mcat-logbook/auth .
# `npm run images` builds the base images it starts from and every product image, offline
# (docs/operations.md, "Building the images"): NODE_IMAGE is Debian bookworm (minbase) with tini
# and Node, BUILD_IMAGE the same with npm.
ARG NODE_IMAGE=localhost/mcat-node:24.21.0
ARG BUILD_IMAGE=localhost/mcat-node-build:24.21.0

# Every workspace's package.json, so npm ci can check the lockfile.
FROM ${BUILD_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/test-support/package.json packages/test-support/
COPY packages/runner/package.json packages/runner/
COPY packages/cluster/package.json packages/cluster/
COPY packages/backup/package.json packages/backup/
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/tests/package.json services/tests/
COPY services/questions/package.json services/questions/
COPY services/billing/package.json services/billing/
COPY services/mailer/package.json services/mailer/
COPY frontend/package.json frontend/

# Compile the workspace and the packages it uses (TypeScript project references). npm reads its
# cache first: `npm run images` mounts the machine's npm cache there and builds with no network.
# SERVICE comes after the install, so the six images share that layer.
FROM manifests AS build
RUN npm ci --prefer-offline --ignore-scripts --no-audit --no-fund
ARG SERVICE
COPY tsconfig.base.json ./
COPY packages/contracts/tsconfig.build.json packages/contracts/
COPY packages/contracts/src packages/contracts/src
COPY packages/service-kit/tsconfig.build.json packages/service-kit/
COPY packages/service-kit/src packages/service-kit/src
COPY ${SERVICE}/tsconfig.build.json ${SERVICE}/
COPY ${SERVICE}/src ${SERVICE}/src
RUN npx tsc -b ${SERVICE}/tsconfig.build.json
# Keep only what runs: no declarations, source maps, build info or test helpers.
RUN rm -rf packages/service-kit/dist/testing \
 && find packages/contracts/dist packages/service-kit/dist ${SERVICE}/dist \
      \( -name '*.d.ts' -o -name '*.map' -o -name '*.tsbuildinfo' \) -delete

# Production dependencies of this workspace only (no dev tools, no other workspace's packages):
# every native module has a prebuilt binary (package-lock.json), so no install script runs.
FROM manifests AS deps
ARG SERVICE
RUN npm ci --prefer-offline --omit=dev --ignore-scripts --no-audit --no-fund -w ${SERVICE} --include-workspace-root=false

# What runs: node, the production node_modules and the compiled dist folders, owned by root and
# read-only for the unprivileged user the process runs as; nothing is written outside /tmp. tini
# is PID 1: it forwards SIGTERM to node, whose own handler drains and closes (node as PID 1 would
# also have to reap every orphaned child).
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/packages/contracts packages/contracts
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=deps /app/packages/service-kit packages/service-kit
COPY --from=build /app/packages/service-kit/dist packages/service-kit/dist
COPY --from=deps /app/${SERVICE} ${SERVICE}
COPY --from=build /app/${SERVICE}/dist ${SERVICE}/dist
WORKDIR /app/${SERVICE}
USER 1000:1000
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]
