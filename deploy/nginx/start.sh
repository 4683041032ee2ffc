#!/bin/sh
# Fills the template's ${...} from the environment (docker-compose.yml), only those five:
# nginx's own $variables stay as they are. Then nginx in the foreground.
set -eu
envsubst '${LISTEN} ${SITE_ROOT} ${ADMIN_ROOT} ${API_UPSTREAM} ${MEDIA_UPSTREAM}' \
  < /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf
exec nginx -g 'daemon off;'
