# syntax=docker/dockerfile:1
# One image for every part of Signet. The entry point is `signet`; its arguments choose the parts:
#
#   docker build -t signet .
#   docker run -p 3000:3000 signet                      # --target=all: every part, embedded PostgreSQL
#   docker run ... signet --target=gateway              # one part (microservices mode, needs env)
#
# There is no compile step: tsx runs the TypeScript sources, as `npm start` does. Each part runs its
# own migrations at start.

ARG NODE_IMAGE=node:22-bookworm-slim

# The package manifests alone, so the install below reruns only when a manifest changes, not on every
# source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -type d -empty -delete

# Production dependencies only (tsx is one: it runs the sources). The npm cache stays in a build cache
# mount, out of every layer.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
# pkcs11js (the HSM signer) is a native addon compiled at install.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

# The runtime: Node, the dependencies and the sources, owned by root and read-only to the process.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/var/lib/signet
WORKDIR /app
COPY --from=dependencies /app ./
COPY . .
# Monolith mode keeps its embedded PostgreSQL and development key under DATA_DIR (mount a volume there
# to keep them); microservices mode writes nothing but temporary files.
RUN mkdir -p /var/lib/signet && chown 1000:1000 /var/lib/signet
# The node user, by number, so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE 3000
ENTRYPOINT ["node", "apps/signet/bin/signet"]
CMD ["--target=all"]
