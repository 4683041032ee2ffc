#!/bin/sh
# Fills the template's ${...} from the environment (docker-compose.yml), only those listed:
# nginx's own $variables stay as they are. Then nginx in the foreground.
#   LAYOUT=single|split   one origin (default.conf.template), or three host names
#                         (split.conf.template) taken from PUBLIC_SITE_URL, PUBLIC_ADMIN_URL
#                         and PUBLIC_API_URL
#   FORCE_HTTPS=true      behind a TLS terminator: plain HTTP is redirected to HTTPS
#   TRUSTED_PROXIES=a,b   addresses/CIDRs of a CDN or TLS terminator allowed to name the
#                         client in X-Forwarded-For (default: none, the peer is the client)
#   CLIENT_TIMEOUT        idle limit for reading a request and for a client reading (10s)
#   CONNECTIONS_PER_ADDRESS  requests in progress from one address at once (32)
# NGINX_TEMPLATE, NGINX_CONF and RENDER_ONLY=true let the tests render it without starting nginx.
set -eu
: "${LAYOUT:=single}" "${FORCE_HTTPS:=false}" "${TRUSTED_PROXIES:=}" "${CLIENT_TIMEOUT:=10s}" "${CONNECTIONS_PER_ADDRESS:=32}"
: "${PUBLIC_SITE_URL:=}" "${PUBLIC_ADMIN_URL:=}" "${PUBLIC_API_URL:=}" "${S3_PUBLIC_URL:=}"
REAL_IP_FROM=''
for proxy in $(echo "$TRUSTED_PROXIES" | tr ',' ' '); do
  REAL_IP_FROM="${REAL_IP_FROM}set_real_ip_from ${proxy};
"
done
# scheme://host[:port] of a URL, and its host name alone.
origin() { echo "$1" | sed -E 's#^(https?://[^/]+).*#\1#'; }
host() { echo "$1" | sed -E 's#^https?://([^/:]+).*#\1#'; }
if [ "$LAYOUT" = split ]; then
  for name in PUBLIC_SITE_URL PUBLIC_ADMIN_URL PUBLIC_API_URL; do
    eval "value=\${$name}"
    case "$value" in http://* | https://*) ;; *) echo "LAYOUT=split needs $name, e.g. https://admin.example.cm" >&2; exit 1 ;; esac
  done
fi
SITE_HOST=$(host "$PUBLIC_SITE_URL") ADMIN_HOST=$(host "$PUBLIC_ADMIN_URL") API_HOST=$(host "$PUBLIC_API_URL")
API_ORIGIN=$(origin "$PUBLIC_API_URL")
MEDIA_ORIGIN=$(origin "${S3_PUBLIC_URL:-$PUBLIC_API_URL}")
export FORCE_HTTPS CLIENT_TIMEOUT CONNECTIONS_PER_ADDRESS REAL_IP_FROM SITE_HOST ADMIN_HOST API_HOST API_ORIGIN MEDIA_ORIGIN PUBLIC_API_URL
if [ "$LAYOUT" = split ]; then template=split.conf.template; else template=default.conf.template; fi
# The admin built for /admin/ (one origin) or for the root of its own host (split).
if [ "$LAYOUT" = split ]; then : "${ADMIN_ROOT:=/srv/admin-root}"; else : "${ADMIN_ROOT:=/srv/admin}"; fi
export ADMIN_ROOT
envsubst '${LISTEN} ${SITE_ROOT} ${ADMIN_ROOT} ${API_UPSTREAM} ${MEDIA_UPSTREAM} ${FORCE_HTTPS} ${REAL_IP_FROM} ${CLIENT_TIMEOUT} ${CONNECTIONS_PER_ADDRESS} ${SITE_HOST} ${ADMIN_HOST} ${API_HOST} ${API_ORIGIN} ${MEDIA_ORIGIN} ${PUBLIC_API_URL}' \
  < "${NGINX_TEMPLATE:-/etc/nginx/templates/$template}" > "${NGINX_CONF:-/etc/nginx/conf.d/default.conf}"
if [ "${RENDER_ONLY:-false}" = true ]; then exit 0; fi
exec nginx -g 'daemon off;'
