#!/bin/sh
# Fills the template's ${...} from the environment (docker-compose.yml), only those listed:
# nginx's own $variables stay as they are. Then nginx in the foreground.
#   LAYOUT=single|split   one origin (default.conf.template), or three host names
#                         (split.conf.template) taken from PUBLIC_SITE_URL, PUBLIC_ADMIN_URL
#                         and PUBLIC_API_URL; their pages' policies name the API's and the
#                         images' (S3_PUBLIC_URL) origins, which split-layout.ts works out
#   FORCE_HTTPS=true      behind a TLS terminator: plain HTTP is redirected to HTTPS
#   TRUSTED_PROXIES=a,b   addresses/CIDRs of a CDN or TLS terminator allowed to name the
#                         client in X-Forwarded-For (default: none, the peer is the client)
#   CLIENT_TIMEOUT        idle limit for reading a request and for a client reading (10s)
#   CONNECTIONS_PER_ADDRESS  requests in progress from one address at once (32)
# NGINX_TEMPLATE, NGINX_CONF and RENDER_ONLY=true let the tests render it without starting nginx.
set -eu
: "${LAYOUT:=single}" "${FORCE_HTTPS:=false}" "${TRUSTED_PROXIES:=}" "${CLIENT_TIMEOUT:=10s}" "${CONNECTIONS_PER_ADDRESS:=32}"
REAL_IP_FROM=''
for proxy in $(echo "$TRUSTED_PROXIES" | tr ',' ' '); do
  REAL_IP_FROM="${REAL_IP_FROM}set_real_ip_from ${proxy};
"
done
if [ "$LAYOUT" = split ]; then
  assignments=$(node "$(dirname "$0")/split-layout.ts")
  eval "$assignments"
  template=split.conf.template
  # The admin built for the root of its own host.
  : "${ADMIN_ROOT:=/srv/admin-root}"
else
  template=default.conf.template
  # The admin built for /admin/.
  : "${ADMIN_ROOT:=/srv/admin}"
fi
export FORCE_HTTPS CLIENT_TIMEOUT CONNECTIONS_PER_ADDRESS REAL_IP_FROM ADMIN_ROOT PUBLIC_API_URL \
  SITE_HOST ADMIN_HOST API_HOST SITE_API_ORIGIN ADMIN_API_ORIGIN ADMIN_MEDIA_ORIGIN
envsubst '${LISTEN} ${SITE_ROOT} ${ADMIN_ROOT} ${API_UPSTREAM} ${MEDIA_UPSTREAM} ${FORCE_HTTPS} ${REAL_IP_FROM} ${CLIENT_TIMEOUT} ${CONNECTIONS_PER_ADDRESS} ${SITE_HOST} ${ADMIN_HOST} ${API_HOST} ${SITE_API_ORIGIN} ${ADMIN_API_ORIGIN} ${ADMIN_MEDIA_ORIGIN} ${PUBLIC_API_URL}' \
  < "${NGINX_TEMPLATE:-/etc/nginx/templates/$template}" > "${NGINX_CONF:-/etc/nginx/conf.d/default.conf}"
if [ "${RENDER_ONLY:-false}" = true ]; then exit 0; fi
exec nginx -g 'daemon off;'
