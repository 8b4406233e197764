#!/bin/sh
# web.sh -- the browser client's tests: npm ci (playwright-core, typescript, eslint, axe-core
# into tests/web/node_modules, from package-lock.json), tsc --checkJs over web/, ESLint, then
# tests/web/run.js in Debian's Chromium against DDZ_BIN (screenshots in build/web/).
# Run by `make test`; `sh scripts/deps.sh --web` installs Chromium, Node and the CJK font.
set -eu
cd "$(dirname "$0")/.."
DDZ_BIN=${DDZ_BIN:-build/ddz}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in node npm; do
    command -v $tool >/dev/null 2>&1 || { echo "web.sh: $tool is missing (sh scripts/deps.sh --web)" >&2; exit 1; }
done
[ -x "$CHROMIUM" ] || { echo "web.sh: no Chromium at $CHROMIUM (sh scripts/deps.sh --web)" >&2; exit 1; }
# Installs the locked packages again only when the lock changed since the last install.
stamp=tests/web/node_modules/.ddz-lock
if ! cmp -s tests/web/package-lock.json "$stamp" 2>/dev/null; then
    (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
    cp tests/web/package-lock.json "$stamp"
fi
echo "== tsc --checkJs (web/)"
tests/web/node_modules/.bin/tsc -p tests/web/tsconfig.json
echo "== eslint (web/, tests/web/)"
tests/web/node_modules/.bin/eslint --config tests/web/eslint.config.js --max-warnings 0 web tests/web/*.js
echo "== browser (Chromium)"
DDZ_BIN=$DDZ_BIN CHROMIUM=$CHROMIUM DDZ_WEB_OUT=build/web node tests/web/run.js
