# One image for the three services; docker-compose picks the workspace with SERVICE.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY library/package.json library/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY standalone/package.json standalone/
COPY web/package.json web/
RUN npm ci

FROM deps AS web-build
COPY . .
RUN npm run build:web

FROM deps AS service
COPY . .
ENV NODE_ENV=production
ARG SERVICE=command-service
ENV SERVICE=${SERVICE}
CMD ["sh", "-c", "exec npm run start -w @lectio/${SERVICE}"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=web-build /app/web/dist /usr/share/nginx/html
