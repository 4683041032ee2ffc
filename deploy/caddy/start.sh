#!/bin/sh
# Starts Caddy, the HTTPS front of docker-compose.yml, from the environment:
#   PUBLIC_SITE_URL, PUBLIC_ADMIN_URL, PUBLIC_API_URL   the product's addresses: their host names
#                         get certificates (one host name when LAYOUT=single gives one origin)
#   TLS=acme|internal     certificates from an ACME CA (default) or from Caddy's own authority
#   ACME_EMAIL            the address the CA writes to about the certificates (optional)
#   UPSTREAM              nginx (default 127.0.0.1:8080, the web service's namespace)
#   HTTP_PORT, HTTPS_PORT, BIND   the ports (80, 443) and an address to listen on (default all)
# CADDYFILE and RENDER_ONLY=true let the tests check what it would run.
set -eu

host_of() {
  rest=${1#*://}
  rest=${rest%%/*}
  echo "${rest%%:*}"
}

sites=''
for url in "${PUBLIC_SITE_URL:?set PUBLIC_SITE_URL}" "${PUBLIC_ADMIN_URL:?set PUBLIC_ADMIN_URL}" "${PUBLIC_API_URL:?set PUBLIC_API_URL}"; do
  host=$(host_of "$url")
  case ", $sites, " in
    *", $host, "*) ;;
    *) sites="${sites:+$sites, }$host" ;;
  esac
done
CADDY_SITES=$sites
case "${TLS:-acme}" in
  acme) CADDY_TLS='' ;;
  internal) CADDY_TLS='tls internal' ;;
  *) echo "TLS must be acme or internal, not ${TLS}" >&2; exit 1 ;;
esac
CADDY_GLOBAL_OPTIONS="${ACME_EMAIL:+email $ACME_EMAIL}
${BIND:+default_bind $BIND}"
export CADDY_SITES CADDY_TLS CADDY_GLOBAL_OPTIONS

config=${CADDYFILE:-/etc/caddy/Caddyfile}
if [ "${RENDER_ONLY:-false}" = true ]; then
  exec caddy adapt --config "$config" --adapter caddyfile
fi
exec caddy run --config "$config" --adapter caddyfile
