#!/bin/sh
# Installs the Debian packages ddz needs to build and test, only those that are missing.
# apt-get runs only as root (or through sudo); otherwise the missing list is printed.
# --web adds what the browser client's tests need (make check): Chromium, a CJK font for its
# screenshots, and Node with npm unless the machine has them.
set -e
need="make gcc clang pkg-config libcmocka-dev libjansson-dev libsodium-dev libncurses-dev tmux libwebsockets-dev libwebsockets-evlib-uv libsqlite3-dev libclang-rt-dev dpkg-dev lintian man-db systemd zsh libpq-dev postgresql"
need="$need python3 python3-numpy python3-pytest python3-setuptools"
if [ "${1:-}" = "--web" ]; then
    need="$need chromium fonts-wqy-zenhei"
    command -v npm >/dev/null 2>&1 || need="$need nodejs npm"
fi
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "ddz: installing missing packages:$missing"
if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
    echo "ddz: please install:$missing (as root: apt-get install$missing)" >&2
    exit 1
fi
