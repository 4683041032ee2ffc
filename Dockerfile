# Two images from one build:
# - app: the API. It also builds the public site (Astro) into its site volume (SITE_DIR)
#   whenever posts change; nginx serves that volume, and only that one.
# .dockerignore keeps .env, keys, databases and backups out of `COPY . .`.
# - web: nginx with the built admin app, the security headers, caching and redirects.
FROM node:24-bookworm-slim AS app
# git: the API clones the content repository, commits the admin's saves and pushes them.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates openssh-client \
  && rm -rf /var/lib/apt/lists/* && npm install --global pnpm@10.34.9
WORKDIR /app
COPY . .
# The API runs `astro build` in site/ (Astro writes its caches there), as the node user.
# The admin twice: under /admin/ for one origin, at the root of its own host for the split layout.
RUN CI=true pnpm install --frozen-lockfile && pnpm --filter @cfp/admin build \
  && ADMIN_BASE_PATH=/ ADMIN_OUT_DIR=admin/dist-root pnpm --filter @cfp/admin build \
  && mkdir -p /data /site && chown node:node /data /site && chown -R node:node /app/site
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data SITE_DIR=/site ASTRO_TELEMETRY_DISABLED=1
USER node
EXPOSE 8080
CMD ["node","--min-semi-space-size=16","--max-semi-space-size=16","--max-old-space-size=256","api/src/server.ts"]

# Debian's nginx, the one the tests run the configuration under, with its brotli modules. On
# Node's image: for the split layout, start.sh asks crossOrigins (packages/shared) which origins
# each host's policy names, from a copy of the files it needs laid out as in the repository.
FROM node:24-bookworm-slim AS web
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-filter \
     libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log \
  && mkdir -p /opt/cfp/node_modules/@cfp && ln -s ../../packages/shared /opt/cfp/node_modules/@cfp/shared
COPY package.json /opt/cfp/
COPY packages/shared/package.json /opt/cfp/packages/shared/
COPY packages/shared/src/public-origins.ts /opt/cfp/packages/shared/src/
COPY deploy/nginx/start.sh deploy/nginx/split-layout.ts /opt/cfp/deploy/nginx/
COPY deploy/nginx/default.conf.template deploy/nginx/split.conf.template /etc/nginx/templates/
COPY --from=app /app/admin/dist /srv/admin
COPY --from=app /app/admin/dist-root /srv/admin-root
EXPOSE 8080
CMD ["/opt/cfp/deploy/nginx/start.sh"]

# The HTTPS front of docker-compose.yml: Caddy, with the product's Caddyfile (deploy/caddy).
FROM caddy:2.10-alpine AS edge
COPY deploy/caddy/Caddyfile /etc/caddy/Caddyfile
COPY deploy/caddy/start.sh /usr/local/bin/cfp-caddy-start
CMD ["/usr/local/bin/cfp-caddy-start"]
