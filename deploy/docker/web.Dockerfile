# The React app, built with Node 24 and served by nginx (SPA fallback, long-cached hashed assets).
#   docker build -f deploy/docker/web.Dockerfile -t platform/web .
# Build context: the repository root.
FROM node:24-bookworm-slim AS build
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM nginx:1.27-alpine
COPY deploy/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /web/dist /usr/share/nginx/html
EXPOSE 80
