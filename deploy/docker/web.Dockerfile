# The React app, built with Node 24 and served by nginx (SPA fallback, long-cached hashed assets).
#   docker build -f deploy/docker/web.Dockerfile -t platform/web .
# Build context: the repository root.
FROM node:24-bookworm-slim AS build
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# The unprivileged variant: runs as uid 101 on :8080, its pid and temporary files in /tmp, so
# the container runs as non-root with a read-only root filesystem (deploy/k8s/base/web.yaml).
FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY deploy/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /web/dist /usr/share/nginx/html
EXPOSE 8080
