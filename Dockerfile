# One image for the three services; docker-compose picks the service with SERVICE.
# The services run as compiled JavaScript (`npm run build:services`, esbuild) on production
# dependencies only: no TypeScript, no tsx, no dev tooling in the running image.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY library/package.json library/
COPY platform/package.json platform/
COPY testing/package.json testing/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY standalone/package.json standalone/
COPY web/package.json web/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# The services' own dependencies only: the web app's (React, react-aria) are built into static files
# and never run here. 158 MB instead of 268 MB of node_modules.
FROM manifests AS production-deps
RUN npm ci --omit=dev --no-audit --no-fund -w @lectio/command-service -w @lectio/query-service -w @lectio/projections

FROM deps AS build
COPY . .
RUN npm run build:web && npm run build:services

FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production
# glibc gives each thread that allocates an arena of its own (up to 8 per core): two hold less
# memory idle (about 20 MB for the embedded server) at no cost measured on 2 cores.
ENV MALLOC_ARENA_MAX=2
COPY --from=production-deps /app /app
# The bundles read the Bible and library data where the sources keep it (library/data, query-service/data).
COPY library/data library/data
COPY query-service/data query-service/data
COPY --from=build /app/command-service/dist command-service/dist
COPY --from=build /app/query-service/dist query-service/dist
COPY --from=build /app/projections/dist projections/dist
ARG SERVICE=command-service
ENV SERVICE=${SERVICE}
CMD ["sh", "-c", "exec node --enable-source-maps ${SERVICE}/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
