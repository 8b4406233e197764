#!/bin/sh
# mkdeb.sh -- builds the Debian packages from a `make install` tree (run by `make deb`):
#   ddz_VERSION_ARCH.deb        the program, its manual pages, completions, the service
#   libddz0_VERSION_ARCH.deb    the shared library
#   libddz-dev_VERSION_ARCH.deb headers, the static library, the pkg-config file
# Dependencies are computed by dpkg-shlibdeps from the binaries, never listed by hand.
#
#   scripts/mkdeb.sh ROOT OUTDIR VERSION MULTIARCH
# ROOT holds `make install DESTDIR=ROOT PREFIX=/usr ...`; OUTDIR gets the .deb files.
set -eu
root=$1 out=$2 version=$3 ma=$4
arch=$(dpkg --print-architecture)
maint="ddz maintainers <maintainers@users.noreply.a-seed-a1a61266.example>"
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(cd "$root" && pwd)
# The package trees lie where dpkg-shlibdeps expects them: debian/PACKAGE of a source tree.
src=$out/work
work=$src/debian
rm -rf "$src"
mkdir -p "$work"

# Splits the installed tree: each path goes to exactly one package.
split() { # package, then paths relative to root
    pkg=$1
    shift
    for p in "$@"; do
        mkdir -p "$work/$pkg/$(dirname "$p")"
        cp -a "$root/$p" "$work/$pkg/$p"
    done
}
lib_paths=$(cd "$root" && find "usr/lib/$ma" -maxdepth 1 -name 'libddz.so.*')
dev_paths="usr/include/ddz usr/lib/$ma/libddz.a usr/lib/$ma/libddz.so usr/lib/$ma/pkgconfig"
split libddz0 $lib_paths
split libddz-dev $dev_paths
(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort) > "$src/all"
(cd "$root" && for p in $lib_paths $dev_paths; do
    if [ -d "$p" ]; then find "$p" \( -type f -o -type l \); else echo "$p"; fi
done) | sort > "$src/taken"
comm -23 "$src/all" "$src/taken" > "$src/ddz.paths"
split ddz $(cat "$src/ddz.paths")

# Debian's ways: compressed manual pages, stripped binaries, documentation per package.
find "$work/ddz/usr/share/man" -type f -exec gzip -9n {} +
strip --remove-section=.comment --remove-section=.note "$work/ddz/usr/bin/ddz"
for so in "$work"/libddz0/usr/lib/"$ma"/libddz.so.*; do
    [ -L "$so" ] || strip --remove-section=.comment --remove-section=.note --strip-unneeded "$so"
done
strip --strip-debug --remove-section=.comment "$work/libddz-dev/usr/lib/$ma/libddz.a"
chmod 644 "$work"/libddz0/usr/lib/"$ma"/libddz.so.*.*
date=$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")
for pkg in ddz libddz0 libddz-dev; do
    doc=$work/$pkg/usr/share/doc/$pkg
    mkdir -p "$doc"
    cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ddz
Source: https://github.com/ddz/ddz

Files: *
Copyright: 2026 The ddz authors
License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files (the "Software"), to deal
 in the Software without restriction, including without limitation the rights
 to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 copies of the Software, and to permit persons to whom the Software is
 furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all
 copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 SOFTWARE.
EOF
    printf '%s\n' "ddz ($version) unstable; urgency=medium" "" \
        "  * Packaged by make deb (scripts/mkdeb.sh)." "" " -- $maint  $date" |
        gzip -9n > "$doc/changelog.gz"
done
# The documents of the program: compressed when large, as Debian does.
find "$work/ddz/usr/share/doc/ddz" -type f -size +4k ! -name '*.gz' ! -name copyright -exec gzip -9n {} +

# Computed dependencies: dpkg-shlibdeps reads a (minimal) debian/control of a source tree.
printf 'Source: ddz\n\nPackage: ddz\nArchitecture: any\n\nPackage: libddz0\nArchitecture: any\n\nPackage: libddz-dev\nArchitecture: any\n' \
    > "$src/debian/control"
deps() { # package, then its ELF files
    pkg=$1
    shift
    d=$(cd "$src" && dpkg-shlibdeps -O "$@" | sed -n 's/^shlibs:Depends=//p')
    [ -n "$d" ] || { echo "mkdeb.sh: dpkg-shlibdeps found no dependency for $pkg" >&2; exit 1; }
    echo "$d"
}
so=$(cd "$src" && ls debian/libddz0/usr/lib/"$ma"/libddz.so.*.*)
lib_deps=$(deps libddz0 "$so")
ddz_deps=$(deps ddz debian/ddz/usr/bin/ddz)

# The shared library's own shlibs and the ldconfig trigger.
mkdir -p "$work/libddz0/DEBIAN" "$work/libddz-dev/DEBIAN" "$work/ddz/DEBIAN"
echo "libddz 0 libddz0 (>= $version)" > "$work/libddz0/DEBIAN/shlibs"
echo "activate-noawait ldconfig" > "$work/libddz0/DEBIAN/triggers"

# The -dev package needs the -dev packages of what ddz.pc requires.
dev_deps="libddz0 (= $version), libjansson-dev, libsodium-dev, libwebsockets-dev, libsqlite3-dev, libpq-dev"

control() { # package section depends summary, then the long description on stdin
    {
        printf 'Package: %s\nVersion: %s\nArchitecture: %s\nMaintainer: %s\n' "$1" "$version" "$arch" "$maint"
        printf 'Installed-Size: %s\nSection: %s\nPriority: optional\n' \
            "$(du -sk --exclude=DEBIAN "$work/$1" | cut -f1)" "$2"
        [ "$1" = libddz0 ] && printf 'Multi-Arch: same\n'
        printf 'Depends: %s\nDescription: %s\n' "$3" "$4"
        sed 's/^/ /'
    } > "$work/$1/DEBIAN/control"
}
control ddz misc "$ddz_deps, adduser" "Dou Dizhu card game, engine and network server" <<'EOF'
ddz plays Dou Dizhu (斗地主), the three-player card game, in the terminal
against computer players and over the network, and gives its rules
engine, computer players and tools on the command line: dealing,
self-play, records and replays, an endgame solver, an engine protocol,
a Botzone bot, a WebSocket game server (ddz serve, with a systemd unit
installed but not enabled) and its client.
EOF
control libddz0 libs "$lib_deps" "Dou Dizhu rules engine and game library" <<'EOF'
libddz is the library behind ddz: cards and moves, the rules engine with
its options, computer players, game records and the network game server.
This package holds the shared library.
EOF
control libddz-dev libdevel "$dev_deps" "Dou Dizhu rules engine and game library - development files" <<'EOF'
libddz is the library behind ddz: cards and moves, the rules engine with
its options, computer players, game records and the network game server.
This package holds the headers, the static library and the pkg-config
file (pkg-config --cflags --libs ddz).
EOF

# The service: the config file is the operator's; a system user for the service.
echo /etc/ddz/serve.conf > "$work/ddz/DEBIAN/conffiles"
cat > "$work/ddz/DEBIAN/postinst" <<'EOF'
#!/bin/sh
# ddz postinst: the system user ddz-serve.service runs as. The unit is installed, not enabled.
set -e
if [ "$1" = configure ]; then
    if ! getent passwd ddz >/dev/null; then
        adduser --system --group --quiet --home /var/lib/ddz --no-create-home \
            --gecos "ddz network game server" ddz
    fi
fi
EOF
cat > "$work/ddz/DEBIAN/postrm" <<'EOF'
#!/bin/sh
# ddz postrm: purging removes the service's games and its user.
set -e
if [ "$1" = purge ]; then
    rm -rf /var/lib/ddz /var/lib/private/ddz
    if getent passwd ddz >/dev/null && command -v deluser >/dev/null; then
        deluser --quiet --system ddz >/dev/null || true
    fi
fi
EOF
chmod 755 "$work/ddz/DEBIAN/postinst" "$work/ddz/DEBIAN/postrm"

for pkg in ddz libddz0 libddz-dev; do
    (cd "$work/$pkg" && find . -type f ! -path './DEBIAN/*' | sed 's|^\./||' | sort | xargs -r md5sum) \
        > "$work/$pkg/DEBIAN/md5sums"
    find "$work/$pkg" -type d -exec chmod 755 {} +
    dpkg-deb --root-owner-group -Zxz --build "$work/$pkg" "$out/${pkg}_${version}_$arch.deb" >/dev/null
    echo "$out/${pkg}_${version}_$arch.deb"
done
