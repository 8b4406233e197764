#!/bin/sh
# install.sh -- ddz installed like a Unix program (issue 16): make install into a scratch
# DESTDIR (the program, both libraries, headers, pkg-config, manual pages, completions, the
# unit, the config file, the documents), a C program built with pkg-config against it,
# make uninstall leaving nothing; every manual page renders without a warning and every
# command has one; the completions offer every command and option; the systemd unit
# verifies; serve --check-config; ddz serve stops cleanly on SIGTERM; and the Debian packages:
# their contents are what make install installs, dpkg -x gives a ddz that plays, lintian
# finds no error. Run by `make test-run` with DDZ_BIN, BUILD and MAKE set.
set -u
DDZ=${DDZ_BIN:-build/ddz}
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
tmp=$(mktemp -d)
lintian_pid=
trap 'rm -rf "$tmp"; [ -n "$lintian_pid" ] && kill "$lintian_pid" 2>/dev/null' EXIT
fails=0 runs=0
export LC_ALL=C.UTF-8

fail() {
    fails=$((fails + 1))
    printf 'FAIL %s\n' "$*"
}
# among LIST WORD: WORD is one of the lines of LIST (no process started).
nl='
'
among() {
    case "$nl$1$nl" in *"$nl$2$nl"*) return 0 ;; esac
    return 1
}
check() { # what, then the command
    what=$1
    shift
    runs=$((runs + 1))
    "$@" >/dev/null 2>&1 || fail "$what"
}

version=$("$DDZ" --version | cut -d' ' -f2)
commands=$("$DDZ" help --commands)
[ -n "$commands" ] || fail "ddz help --commands lists nothing"

# 1. make install into a scratch tree ------------------------------------------------------
D=$tmp/dest
P=/usr/local
if ! $MAKE -s install BUILD="$BUILD" DESTDIR="$D" PREFIX="$P" >"$tmp/install.log" 2>&1; then
    fail "make install: $(tail -5 "$tmp/install.log")"
fi
for f in bin/ddz lib/libddz.a "lib/libddz.so.$version" lib/pkgconfig/ddz.pc share/man/man1/ddz.1 \
    share/man/man7/ddz-rules.7 share/man/man7/ddz-protocol.7 share/bash-completion/completions/ddz \
    share/zsh/site-functions/_ddz lib/systemd/system/ddz-serve.service etc/ddz/serve.conf \
    share/doc/ddz/README.md; do
    check "installed $P/$f" test -f "$D$P/$f"
done
check "libddz.so.0 -> libddz.so.$version" test "$(readlink "$D$P/lib/libddz.so.0")" = "libddz.so.$version"
check "libddz.so -> libddz.so.0" test "$(readlink "$D$P/lib/libddz.so")" = libddz.so.0
for h in include/ddz/*.h; do
    check "installed header $h" cmp "$h" "$D$P/$h"
done
for c in $commands; do
    check "manual page ddz-$c(1) installed" test -f "$D$P/share/man/man1/ddz-$c.1"
done
check "installed ddz runs: $("$D$P/bin/ddz" --version 2>&1)" test "$("$D$P/bin/ddz" --version)" = "ddz $version"

# The shared library: its SONAME, and only the public API exported.
so=$D$P/lib/libddz.so.$version
check "SONAME libddz.so.0" sh -c "readelf -d '$so' | grep -q 'SONAME.*\[libddz.so.0\]'"
nm -D --defined-only "$so" | awk '$2 ~ /^[TDRBVW]$/ { print $3 }' | sed 's/@.*//' | sort -u >"$tmp/exported"
cat include/ddz/*.h | grep -oE '\bddz_[a-z0-9_]+' | sort -u >"$tmp/public"
check "libddz.so exports symbols" test -s "$tmp/exported"
extra=$(comm -23 "$tmp/exported" "$tmp/public" | head -5 | tr '\n' ' ')
check "libddz.so exports only the public API (not: $extra)" test -z "$extra"

# A program built against the installed library with pkg-config, run on the shared library.
cat >"$tmp/prog.c" <<'EOF'
#include <stdio.h>
#include "ddz/moves.h"
int main(void)
{
    DdzRanks r;
    DdzError err;
    if (ddz_ranks_parse("33344", &r, &err) != 0)
        return 1;
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(r, DDZ_RULES_STANDARD, rd);
    char line[64];
    ddz_move_describe(&rd[0], line, sizeof line);
    printf("%d %s %s\n", n, line, ddz_ruleset_name(DDZ_RULES_CLASSIC));
    return 0;
}
EOF
pc="pkg-config --define-variable=prefix=$D$P"
export PKG_CONFIG_PATH="$D$P/lib/pkgconfig"
cflags=$($pc --cflags ddz) libs=$($pc --libs ddz)
runs=$((runs + 1))
# shellcheck disable=SC2086
if $CC ${OPT:-} $cflags -o "$tmp/prog" "$tmp/prog.c" $libs ${LDFLAGS:-} 2>"$tmp/cc.err"; then
    out=$(LD_LIBRARY_PATH="$D$P/lib" "$tmp/prog" 2>&1)
    check "the pkg-config program runs on the installed library: $out" test "$out" = "1 trio_pair rank=3 classic"
    check "it uses libddz.so.0" sh -c "readelf -d '$tmp/prog' | grep -q 'NEEDED.*libddz.so.0'"
else
    fail "cc \$(pkg-config --cflags --libs ddz): $(head -5 "$tmp/cc.err")"
fi

debs=
# The Debian packages first: lintian takes its time while the checks below run. -----------
if command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null; then
    if ! $MAKE -s deb BUILD="$BUILD" >"$tmp/deb.log" 2>&1; then
        fail "make deb: $(tail -5 "$tmp/deb.log")"
    fi
    arch=$(dpkg --print-architecture)
    debs="$BUILD/deb/ddz_${version}_$arch.deb $BUILD/deb/libddz0_${version}_$arch.deb $BUILD/deb/libddz-dev_${version}_$arch.deb"
    for d in $debs; do
        check "make deb built $d" test -f "$d"
    done
    if command -v lintian >/dev/null; then
        # shellcheck disable=SC2086
        lintian --fail-on error $debs >"$tmp/lintian" 2>&1 &
        lintian_pid=$!
    else
        echo "install.sh: no lintian here, the packages are not linted"
    fi
else
    echo "install.sh: no dpkg-deb/dpkg-shlibdeps here, the Debian packages are not built"
fi

# 2. The manual pages: each renders without a warning and names itself for whatis ----------
lexgrog "$D$P"/share/man/man1/*.1 "$D$P"/share/man/man7/*.7 >"$tmp/whatis" 2>&1
for page in "$D$P"/share/man/man1/*.1 "$D$P"/share/man/man7/*.7; do
    name=$(basename "$page")
    name=${name%.*}
    MANWIDTH=80 man --warnings -l "$page" >"$tmp/page.$name" 2>"$tmp/warn"
    runs=$((runs + 1))
    [ -s "$tmp/page.$name" ] && [ ! -s "$tmp/warn" ] || fail "$name: man --warnings: $(head -3 "$tmp/warn")"
    runs=$((runs + 1))
    grep -qF "$page: \"$name - " "$tmp/whatis" || fail "$name: lexgrog finds no NAME line: $(grep -F "$page" "$tmp/whatis")"
done
# One source: every option of ddz help COMMAND is on its page.
for c in $commands; do
    "$DDZ" help "$c" | grep -oE '(^|[][ (|,])--?[a-z][a-z0-9-]*' | sed 's/^[][ (|,]//' | sort -u >"$tmp/opts.$c"
    words=$(tr -s ' ,.;:()[]|' '\n' <"$tmp/page.ddz-$c")
    for o in $(cat "$tmp/opts.$c"); do
        check "ddz-$c(1) has $o" among "$words" "$o"
    done
done

# 3. Completions: every command, every option of each, the values ---------------------------
bash_compl=$D$P/share/bash-completion/completions/ddz
complete_bash() { # the words bash offers for the line $1
    bash -c '. "$1"; COMP_LINE=$2; COMP_POINT=${#COMP_LINE}; _ddz; printf "%s\n" "${COMPREPLY[@]}"' _ "$bash_compl" "$1"
}
# zsh: the completion function run with zsh's completion builtins replaced by stubs that
# print what they are given (no terminal needed); without zsh, its words read from the file.
zsh_compl=$D$P/share/zsh/site-functions/_ddz
cat >"$tmp/zstub" <<'EOF'
compadd() { if [[ $1 == -a ]]; then print -rl -- ${(P)2}; else [[ $1 == -- ]] && shift; print -rl -- "$@"; fi }
_describe() { print -rl -- ${${(P)4}%%:*}; }
_files() { print -r -- '<files>'; }
_message() { print -r -- '<message>'; }
words=(${=1}); CURRENT=$2; PREFIX=$3
source $4
EOF
complete_zsh() { # the words zsh offers: the line, the word's index, its prefix
    if command -v zsh >/dev/null; then
        zsh -f "$tmp/zstub" "$1" "$2" "$3" "$zsh_compl"
    else
        sed -n "s/^$(echo "$1" | cut -d' ' -f2)) opts=(\([^)]*\)).*/\1/p" "$zsh_compl" | tr ' ' '\n'
    fi
}
offered=$(complete_bash "ddz ")
zoffered=$(complete_zsh "ddz x" 2 "")
for c in $commands help; do
    check "bash completes the command $c" among "$offered" "$c"
    command -v zsh >/dev/null && check "zsh completes the command $c" among "$zoffered" "$c"
done
for c in $commands; do
    offered=$(complete_bash "ddz $c -")
    zopts=$(complete_zsh "ddz $c -" 3 -)
    for o in $(cat "$tmp/opts.$c"); do
        check "bash completes ddz $c $o" among "$offered" "$o"
        check "zsh completes ddz $c $o" among "$zopts" "$o"
    done
done
offered=$(complete_bash "ddz play --rules ")
zoffered=$(complete_zsh "ddz play --rules x" 4 "")
for r in standard classic douzero botzone; do
    check "bash completes --rules $r" among "$offered" "$r"
    command -v zsh >/dev/null && check "zsh completes --rules $r" among "$zoffered" "$r"
done
offered=$(complete_bash "ddz play --level ")
for l in easy normal hard expert; do
    check "bash completes --level $l" among "$offered" "$l"
done
offered=$(complete_bash "ddz sim -o ")
names=$(printf '%s\n' "$offered" | sed 's/=.*//')
for o in $("$DDZ" help options | sed -n 's/^  \([a-z_]*\).*/\1/p'); do
    check "bash completes -o $o" among "$names" "$o"
done
check "bash completes -o bid=r to rob" test "$(complete_bash "ddz sim -o bid=r")" = rob
if command -v zsh >/dev/null; then
    check "zsh reads _ddz" zsh -n "$D$P/share/zsh/site-functions/_ddz"
else
    echo "install.sh: no zsh here, its completion's syntax is not checked"
fi

# 4. The service: the unit verifies, the config file is checked, SIGTERM stops it cleanly ----
unit=$D$P/lib/systemd/system/ddz-serve.service
check "the unit runs the installed program" grep -q "^ExecStart=$P/bin/ddz serve --config $P/etc/ddz/serve.conf" "$unit"
for k in DynamicUser=yes StateDirectory=ddz ProtectSystem=strict NoNewPrivileges=yes RestrictAddressFamilies= MemoryMax=; do
    check "the unit has $k" grep -q "^$k" "$unit"
done
if command -v systemd-analyze >/dev/null; then
    # The unit as installed, its program and config where this test put them.
    mkdir -p "$tmp/unit"
    sed "s|$P/|$D$P/|g" "$unit" >"$tmp/unit/ddz-serve.service"
    MANPATH=$D$P/share/man systemd-analyze verify "$tmp/unit/ddz-serve.service" >"$tmp/verify" 2>&1
    check "systemd-analyze verify: $(head -3 "$tmp/verify")" test ! -s "$tmp/verify"
else
    echo "install.sh: no systemd-analyze here, the unit is not verified"
fi
ddz_i=$D$P/bin/ddz
check "the shipped serve.conf is good" "$ddz_i" serve --config "$D$P/etc/ddz/serve.conf" --check-config
printf '# a comment\nport = 7733\nturn = soon\n' >"$tmp/bad.conf"
"$ddz_i" serve --config "$tmp/bad.conf" --check-config >/dev/null 2>"$tmp/bad.err"
rc=$?
check "--check-config refuses a bad value (status $rc)" test $rc = 2
check "... with the line: $(cat "$tmp/bad.err")" grep -q "bad.conf:3: --turn: 'soon' is not a number" "$tmp/bad.err"
printf 'port = 7733\nlisten 0.0.0.0\n' >"$tmp/bad.conf"
"$ddz_i" serve --config "$tmp/bad.conf" --check-config >/dev/null 2>"$tmp/bad.err"
check "--check-config refuses a line without =: $(cat "$tmp/bad.err")" grep -q "bad.conf:2: expected NAME = VALUE" "$tmp/bad.err"
printf 'tournament = 周末杯:players=27,games=3,fill=normal\ntournament = cup:games=99\n' >"$tmp/bad.conf"
"$ddz_i" serve --config "$tmp/bad.conf" --check-config >/dev/null 2>"$tmp/bad.err"
check "--check-config reads a tournament's description: $(cat "$tmp/bad.err")" \
    grep -q "bad.conf:2: --tournament cup:games=99: games=99: 1 to 30 games per table" "$tmp/bad.err"
# An address no interface has (TEST-NET-1) in the file, this machine's on the command line.
printf 'port = 0\nlisten = 192.0.2.1\nquiet = no\nbot-delay = 0\n' >"$tmp/good.conf"
"$ddz_i" serve --config "$tmp/good.conf" --listen 127.0.0.1 --db "$tmp/s.db" >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
for _ in $(seq 100); do
    grep -q listening "$tmp/serve.out" 2>/dev/null && break
    sleep 0.05
done
check "serve with a config file listens where the command line says: $(cat "$tmp/serve.out" "$tmp/serve.err")" grep -q "listening on ws://127.0.0.1:" "$tmp/serve.out"
kill -TERM "$server"
wait "$server"
rc=$?
check "SIGTERM: status 0 (got $rc)" test $rc = 0
check "SIGTERM: a clean stop: $(tail -1 "$tmp/serve.err")" grep -q "stopped;" "$tmp/serve.err"
check "SIGTERM: the database is closed and readable" "$ddz_i" serve --db "$tmp/s.db" --report

# 5. make uninstall leaves nothing ---------------------------------------------------------
$MAKE -s uninstall BUILD="$BUILD" DESTDIR="$D" PREFIX="$P" >"$tmp/uninstall.log" 2>&1 ||
    fail "make uninstall: $(tail -3 "$tmp/uninstall.log")"
left=$(find "$D" ! -type d | head -5 | tr '\n' ' ')
check "make uninstall leaves no file (left: $left)" test -z "$left"

# 6. The Debian packages (built above) -----------------------------------------------------
if [ -n "$debs" ]; then
    # Contents: what make install installed for /usr, with Debian's compressed manual pages
    # and documents, and each package's copyright and changelog.
    (cd "$BUILD/deb/root" && find . ! -type d | sed 's|^\./|/|') | sort >"$tmp/installed"
    for d in $debs; do dpkg-deb --fsys-tarfile "$d" | tar -t; done | sed -n 's|^\./|/|p' | grep -v '/$' |
        grep -v '^/usr/share/doc/[^/]*/\(copyright\|changelog.gz\)$' | sed 's#\(/usr/share/\(man\|doc\)/.*\)\.gz$#\1#' |
        sort >"$tmp/packaged"
    diff "$tmp/installed" "$tmp/packaged" >"$tmp/contents.diff"
    check "the packages hold what make install installs: $(head -6 "$tmp/contents.diff" | tr '\n' ' ')" test ! -s "$tmp/contents.diff"
    info=$(dpkg-deb -f "$BUILD/deb/ddz_${version}_$arch.deb" Depends)
    for lib in libc6 libjansson4 libsodium23 libsqlite3-0 libncursesw6; do
        check "ddz depends on $lib (computed: $info)" sh -c "echo '$info' | grep -q '$lib ('"
    done
    check "libddz-dev depends on libddz0 of its version" sh -c \
        "dpkg-deb -f '$BUILD/deb/libddz-dev_${version}_$arch.deb' Depends | grep -q 'libddz0 (= $version)'"
    check "the config file is a conffile" sh -c "dpkg-deb -I '$BUILD/deb/ddz_${version}_$arch.deb' conffiles | grep -qx /etc/ddz/serve.conf"
    check "the service user is made by postinst" sh -c "dpkg-deb -I '$BUILD/deb/ddz_${version}_$arch.deb' postinst | grep -q 'adduser --system'"
    check "the unit is shipped but not enabled" sh -c "dpkg-deb -c '$BUILD/deb/ddz_${version}_$arch.deb' | grep -q 'lib/systemd/system/ddz-serve.service' && ! dpkg-deb -c '$BUILD/deb/ddz_${version}_$arch.deb' | grep -q 'etc/systemd'"
    # Unpacked, the program runs with the libraries from Debian.
    X=$tmp/x
    for d in $debs; do dpkg -x "$d" "$X"; done
    check "dpkg -x: ddz --version" test "$("$X/usr/bin/ddz" --version)" = "ddz $version"
    i=0
    while [ $i -lt 3000 ]; do printf 'h\n\n'; i=$((i + 1)); done >"$tmp/moves"
    "$X/usr/bin/ddz" play --plain --seed 1 --level greedy --lang en <"$tmp/moves" >"$tmp/game" 2>&1
    rc=$?
    check "dpkg -x: a scripted play --plain match (status $rc)" test $rc = 0
    check "dpkg -x: the match ends with its replay line" grep -q "Replay this match: ddz play --seed 1" "$tmp/game"
    check "dpkg -x: man ddz-play from the package" sh -c "MANWIDTH=80 man -l '$X/usr/share/man/man1/ddz-play.1.gz' | grep -q 'ddz play'"
        if [ -n "$lintian_pid" ]; then
        wait "$lintian_pid"
        rc=$?
        lintian_pid=
        check "lintian finds no error (status $rc): $(grep '^E:' "$tmp/lintian" | head -5 | tr '\n' ' ')" test $rc = 0
    fi
fi

echo "install.sh: $runs checks, $fails failed"
[ "$fails" = 0 ]
