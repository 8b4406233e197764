# ddz -- one Makefile for the library, the programs, the tests and the benchmarks.
#
#   make            build/ddz, build/libddz.a and the shared build/libddz.so (release)
#   make play       install what is missing, build, start the main job
#   make check      install what is missing, build with gcc and clang, run every test (CI): the release build's
#                   unit, install and browser tests, clang's unit programs, the whole suite under
#                   AddressSanitizer + UBSan, then 20 s of fuzzing
#   make test       the test suite, gcc build with assertions (build/debug), then the
#                   browser client's tests (tests/web.sh: Node, Chromium)
#   make bench      ddz bench all
#   make fuzz       the server's message handler under libFuzzer for FUZZ_TIME seconds (20)
#   make install    PREFIX=/usr/local, DESTDIR; make uninstall; make deb (build/deb/*.deb)
#   make clean

CC       ?= cc
BUILD    ?= build
VERSION  := 0.1.0
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wcast-qual -Wvla -Wformat=2
OPT      ?= -O2 -g
# x86-64-v2 (every x86-64 CPU since 2009) gives the POPCNT instruction the bit-set code
# leans on; elsewhere the compiler's default target. Override with ARCH=.
ARCH     ?= $(if $(filter x86_64,$(shell uname -m)),-march=x86-64-v2,)
# Release builds drop assertions; test builds keep them, and with them the full game
# invariant check after every apply and undo.
NDEBUG_FLAG ?= -DNDEBUG
CPPFLAGS += $(shell pkg-config --cflags libpq 2>/dev/null)
CPPFLAGS += -Iinclude -DDDZ_VERSION='"$(VERSION)"' -D_POSIX_C_SOURCE=200809L $(NDEBUG_FLAG)
CFLAGS   += -std=c11 $(OPT) $(ARCH) $(WARN)
LDLIBS   += $(shell pkg-config --libs jansson libsodium ncursesw 2>/dev/null || echo -ljansson -lsodium -lncursesw) -lm
LDLIBS   += $(shell pkg-config --libs libwebsockets sqlite3 2>/dev/null || echo -lwebsockets -lsqlite3) -lpthread
LDLIBS   += $(shell pkg-config --libs libpq 2>/dev/null || echo -lpq)

CORE_SRC := $(wildcard src/core/*.c)
GAME_SRC := $(wildcard src/game/*.c)
AI_SRC   := $(wildcard src/ai/*.c)
NET_SRC  := $(wildcard src/net/*.c)
CAPI_SRC := $(wildcard src/capi/*.c)
LIB_SRC  := $(CORE_SRC) $(GAME_SRC) $(AI_SRC) $(NET_SRC) $(CAPI_SRC)
CLI_SRC  := $(wildcard src/cli/*.c) $(wildcard src/play/*.c)
TEST_SRC := $(wildcard tests/test_*.c)

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
# The shared library's objects are compiled again as position-independent code in their own
# directory, so the program and the static library keep their non-PIC code.
PIC_OBJ  := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
SO_MAJOR := 0
SO_NAME  := libddz.so.$(SO_MAJOR)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/web_files.o
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

# The Python package's tests (python/tests) run with Debian's python3 and pytest against the
# build's libddz.so; PY_ENV adds what a sanitizer build needs (sanitize below).
PYTHON   ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
PY_ENV   ?=

CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

.PHONY: all play check test test-run test-web bench clean deps deps-web sanitize clang fuzz
all: $(BUILD)/ddz $(BUILD)/libddz.a $(BUILD)/libddz.so

$(BUILD)/libddz.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/ddz: $(CLI_OBJ) $(BUILD)/libddz.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libddz.a $(LDLIBS)

# The browser client (web/), built into the program: each file staged with "__V__" replaced
# by the client's version (a hash of web/), gzipped, then written out as C by web_embed.
WEB_FILES := $(sort $(notdir $(wildcard web/*.html web/*.js web/*.css web/*.svg)))
$(BUILD)/gen/web_files.c: $(addprefix web/,$(WEB_FILES)) scripts/web_embed.c
	@mkdir -p $(BUILD)/gen/web
	$(CC) -O1 -o $(BUILD)/gen/web_embed scripts/web_embed.c
	@v=$$(cat $(addprefix web/,$(WEB_FILES)) | sha256sum | cut -c1-12); \
	for f in $(WEB_FILES); do sed "s/__V__/$$v/g" web/$$f > $(BUILD)/gen/web/$$f && \
	    gzip -9nkf $(BUILD)/gen/web/$$f || exit 1; done; \
	echo "web client $$v: $(WEB_FILES)"; $(BUILD)/gen/web_embed $@ $$v $(BUILD)/gen/web $(WEB_FILES)

$(BUILD)/obj/web_files.o: $(BUILD)/gen/web_files.c
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# libddz.so.VERSION with SONAME libddz.so.0 and the links libddz.so.0 and libddz.so. It
# exports only the functions the public headers declare (scripts/exports.sh writes the linker
# version script from include/ddz/ and the objects); everything else stays local.
$(BUILD)/libddz.map: $(PIC_OBJ) $(wildcard include/ddz/*.h) scripts/exports.sh
	sh scripts/exports.sh $(PIC_OBJ) > $@.tmp && mv $@.tmp $@

$(BUILD)/libddz.so.$(VERSION): $(PIC_OBJ) $(BUILD)/libddz.map
	$(CC) -shared $(CFLAGS) $(LDFLAGS) -Wl,-soname,$(SO_NAME) -Wl,--version-script=$(BUILD)/libddz.map \
	    -o $@ $(PIC_OBJ) $(LDLIBS)

$(BUILD)/libddz.so: $(BUILD)/libddz.so.$(VERSION)
	ln -sf libddz.so.$(VERSION) $(BUILD)/$(SO_NAME)
	ln -sf libddz.so.$(VERSION) $@

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fPIC -MMD -MP -c -o $@ $<

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libddz.a tests/testutil.h tests/server_harness.h tests/positions.h tests/game_helpers.h tests/move_names.h tests/movegen_helpers.h tests/moves_model.h tests/record_helpers.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CMOCKA_CFLAGS) $(CFLAGS) -Wno-missing-prototypes -o $@ $< \
	    $(BUILD)/libddz.a $(CMOCKA_LIBS) $(LDLIBS)

# The terminal game's logic (src/play) is the program's, not the library's: its test links it.
PLAY_OBJ := $(filter $(BUILD)/obj/src/play/%,$(CLI_OBJ))
$(BUILD)/tests/test_play: tests/test_play.c $(PLAY_OBJ) $(BUILD)/libddz.a tests/testutil.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CMOCKA_CFLAGS) $(CFLAGS) -Wno-missing-prototypes -o $@ $< \
	    $(PLAY_OBJ) $(BUILD)/libddz.a $(CMOCKA_LIBS) $(LDLIBS)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(PIC_OBJ:.o=.d)

# Runs every test program; the tests find build/ddz through DDZ_BIN.
test-run: $(TESTS) $(BUILD)/ddz $(if $(filter 0,$(E2E_TESTS)),,$(BUILD)/libddz.so)
	@set -e; for t in $(TESTS); do \
	    echo "== $$t"; DDZ_BIN=$(BUILD)/ddz DDZ_DATA=tests/data ./$$t; done
	@DDZ_BIN=$(BUILD)/ddz sh tests/cli.sh
	@[ "$(E2E_TESTS)" = 0 ] || { echo "== python/tests"; DDZ_BIN=$(BUILD)/ddz DDZ_LIB=$(BUILD)/libddz.so $(PY_ENV) \
	    $(PYTHON) -m pytest -q -p no:cacheprovider python/tests; }
	@[ "$(E2E_TESTS)" = 0 ] || { DDZ_BIN=$(BUILD)/ddz bash tests/net.sh && DDZ_BIN=$(BUILD)/ddz sh tests/net_tmux.sh && \
	    DDZ_BIN=$(BUILD)/ddz sh tests/tour_net.sh; }
	@[ "$(E2E_TESTS)" = 0 ] || DDZ_BIN=$(BUILD)/ddz bash tests/pg.sh
	@[ "$(E2E_TESTS)" = 0 ] || { DDZ_BIN=$(BUILD)/ddz sh tests/play_plain.sh && DDZ_BIN=$(BUILD)/ddz sh tests/play_tmux.sh && \
	    DDZ_BIN=$(BUILD)/ddz sh tests/tour_tmux.sh; }
	@[ "$(INSTALL_TESTS)" = 0 ] || DDZ_BIN=$(BUILD)/ddz BUILD=$(BUILD) CC=$(CC) OPT='$(OPT)' MAKE='$(MAKE)' sh tests/install.sh
	@echo "all tests passed ($(BUILD))"

test:
	$(MAKE) test-run BUILD=build/debug NDEBUG_FLAG=
	$(MAKE) test-web BUILD=build/debug NDEBUG_FLAG=

# The browser client in Chromium, type-checked and linted (once: not per build flavour).
test-web: $(BUILD)/ddz
	@DDZ_BIN=$(BUILD)/ddz sh tests/web.sh

deps:
	@sh scripts/deps.sh

deps-web:
	@sh scripts/deps.sh --web

# The install and package tests (tests/install.sh) run once: in make test, and in make check on
# the release build (what make install and make deb ship).
INSTALL_TESTS ?= 1
# The end-to-end suites (Python, network, PostgreSQL, terminal game) run in make test and under
# the sanitizers; the clang build runs the unit programs and cli.sh, which is what a second
# compiler can change, so that make check stays well under 15 minutes.
E2E_TESTS ?= 1
# Builds use every core; the test programs and suites still run one at a time.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# The Python tests load the ASan library into an interpreter built without it: libasan goes
# first (LD_PRELOAD), and leak checking stays off for the interpreter's own allocations.
sanitize:
	$(MAKE) test-run BUILD=build/asan INSTALL_TESTS=0 NDEBUG_FLAG= OPT='-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all' \
	    LDFLAGS='-fsanitize=address,undefined' \
	    PY_ENV="LD_PRELOAD=$$($(CC) -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"

clang:
	$(MAKE) test-run BUILD=build/clang CC=clang INSTALL_TESTS=0 E2E_TESTS=0 NDEBUG_FLAG=

# What CI runs. Each suite runs once where it tells the most: the release build (assertions off,
# as shipped) runs the unit programs, cli.sh, the install and package tests and the browser's
# tests; the end-to-end suites and the unit programs again run under ASan+UBSan, a gcc build with
# assertions on; clang builds and runs the unit programs; then 20 s of fuzzing. (make test is
# the developer's one-flavour run of everything, on the debug build.)
check: deps-web
	$(MAKE) -j$(JOBS) all
	$(MAKE) -j$(JOBS) test-run E2E_TESTS=0
	$(MAKE) test-web
	$(MAKE) -j$(JOBS) clang
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(MAKE) -j$(JOBS) sanitize
	$(MAKE) -j$(JOBS) fuzz FUZZ_TIME=20
	@echo "make check: all suites passed (gcc, clang, asan+ubsan, fuzz)"

play: deps all
	./$(BUILD)/ddz play

# libFuzzer: the library built by clang with coverage and ASan/UBSan, then the target run for
# FUZZ_TIME seconds from the seed corpus (tests/fuzz/server) and the dictionary.
FUZZ_TIME ?= 20
FUZZ_SAN  := -fsanitize=address,undefined -fno-sanitize-recover=all
fuzz:
	$(MAKE) build/fuzz/libddz.a BUILD=build/fuzz CC=clang NDEBUG_FLAG= \
	    OPT='-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)'
	clang $(CPPFLAGS) $(CFLAGS) -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) -o build/fuzz/fuzz_server \
	    tests/fuzz_server.c build/fuzz/libddz.a $(LDLIBS)
	@mkdir -p build/fuzz/corpus
	build/fuzz/fuzz_server -max_total_time=$(FUZZ_TIME) -max_len=4096 -dict=tests/fuzz/server.dict \
	    -print_final_stats=1 build/fuzz/corpus tests/fuzz/server

bench: all
	./$(BUILD)/ddz bench all

clean:
	rm -rf build

# ---- Installing like a Unix program (issue 16) ---------------------------------------------
#   make install / make uninstall   PREFIX (/usr/local) and DESTDIR as usual
#   make deb                        build/deb/ddz_VERSION_ARCH.deb, libddz0_..., libddz-dev_...
# The manual pages and the shell completions are written at build time by ddz itself from its
# command table (ddz help --man, ddz help --completion), ddz-rules(7) and ddz-protocol(7) by
# tools/md2man from docs/RULES.md and docs/PROTOCOL.md.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
DOCDIR       ?= $(DATADIR)/doc/ddz
SYSCONFDIR   ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions
UNITDIR      ?= $(PREFIX)/lib/systemd/system
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL      ?= install
# The libraries the library itself needs, for ddz.pc.
LIB_PKGS     := jansson libsodium libwebsockets sqlite3 libpq
DOC_FILES    := README.md LICENSE $(wildcard docs/*.md)

.PHONY: install uninstall deb man completions
all: man completions $(BUILD)/tools/cpu-jitter
man: $(BUILD)/man/stamp
completions: $(BUILD)/completions/ddz $(BUILD)/completions/_ddz

# The build tools, one file each: md2man (the manual pages), cpu-jitter (the machine's timing
# noise: SEARCH-HARD.md, "Issue 14's proxies for the new hard").
$(BUILD)/tools/%: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(OPT) $(WARN) -o $@ $<

$(BUILD)/man/stamp: $(BUILD)/ddz $(BUILD)/tools/md2man docs/RULES.md docs/PROTOCOL.md
	@rm -rf $(BUILD)/man && mkdir -p $(BUILD)/man
	$(BUILD)/ddz help --man ddz > $(BUILD)/man/ddz.1
	@set -e; for c in $$($(BUILD)/ddz help --commands); do \
	    $(BUILD)/ddz help --man $$c > $(BUILD)/man/ddz-$$c.1; done
	$(BUILD)/tools/md2man ddz-rules 7 $(VERSION) < docs/RULES.md > $(BUILD)/man/ddz-rules.7
	$(BUILD)/tools/md2man ddz-protocol 7 $(VERSION) < docs/PROTOCOL.md > $(BUILD)/man/ddz-protocol.7
	@touch $@

$(BUILD)/completions/ddz: $(BUILD)/ddz
	@mkdir -p $(dir $@)
	$(BUILD)/ddz help --completion bash > $@
$(BUILD)/completions/_ddz: $(BUILD)/ddz
	@mkdir -p $(dir $@)
	$(BUILD)/ddz help --completion zsh > $@

# The unit and the config file name the installed paths.
$(BUILD)/ddz-serve.service: scripts/ddz-serve.service.in
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' $< > $@
.PHONY: $(BUILD)/ddz-serve.service

# The tests of ddz serve's config file and log lines link their one file of src/cli.
$(BUILD)/tests/test_serveconf: $(BUILD)/obj/src/cli/serveconf.o
$(BUILD)/tests/test_servelog: $(BUILD)/obj/src/cli/servelog.o
$(BUILD)/tests/test_serveconf $(BUILD)/tests/test_servelog: $(BUILD)/tests/%: tests/%.c $(BUILD)/libddz.a tests/testutil.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CMOCKA_CFLAGS) $(CFLAGS) -Wno-missing-prototypes -o $@ $< \
	    $(filter %.o,$^) $(BUILD)/libddz.a $(CMOCKA_LIBS) $(LDLIBS)

install: all $(BUILD)/ddz-serve.service
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(INCLUDEDIR)/ddz $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(UNITDIR) \
	    $(DESTDIR)$(SYSCONFDIR)/ddz $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 755 $(BUILD)/ddz $(DESTDIR)$(BINDIR)/ddz
	$(INSTALL) -m 644 $(BUILD)/libddz.a $(DESTDIR)$(LIBDIR)/libddz.a
	$(INSTALL) -m 644 $(BUILD)/libddz.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libddz.so.$(VERSION)
	ln -sf libddz.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sf $(SO_NAME) $(DESTDIR)$(LIBDIR)/libddz.so
	$(INSTALL) -m 644 include/ddz/*.h $(DESTDIR)$(INCLUDEDIR)/ddz/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))' \
	    'includedir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))' '' 'Name: ddz' \
	    'Description: Dou Dizhu rules engine, computer players and network game' \
	    'Version: $(VERSION)' 'Requires.private: $(LIB_PKGS)' 'Libs: -L$${libdir} -lddz' \
	    'Libs.private: -lm -lpthread' 'Cflags: -I$${includedir}' > $(DESTDIR)$(PKGCONFIGDIR)/ddz.pc
	$(INSTALL) -m 644 $(BUILD)/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 $(BUILD)/man/*.7 $(DESTDIR)$(MANDIR)/man7/
	$(INSTALL) -m 644 $(BUILD)/completions/ddz $(DESTDIR)$(BASHCOMPDIR)/ddz
	$(INSTALL) -m 644 $(BUILD)/completions/_ddz $(DESTDIR)$(ZSHCOMPDIR)/_ddz
	$(INSTALL) -m 644 $(BUILD)/ddz-serve.service $(DESTDIR)$(UNITDIR)/ddz-serve.service
	@# a config file already there is the operator's: keep it
	[ -e $(DESTDIR)$(SYSCONFDIR)/ddz/serve.conf ] || \
	    $(INSTALL) -m 644 scripts/serve.conf $(DESTDIR)$(SYSCONFDIR)/ddz/serve.conf
	$(INSTALL) -m 644 $(DOC_FILES) $(DESTDIR)$(DOCDIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ddz $(DESTDIR)$(LIBDIR)/libddz.a $(DESTDIR)$(LIBDIR)/libddz.so \
	    $(DESTDIR)$(LIBDIR)/libddz.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SO_NAME) \
	    $(DESTDIR)$(PKGCONFIGDIR)/ddz.pc $(DESTDIR)$(MANDIR)/man1/ddz.1 $(DESTDIR)$(MANDIR)/man1/ddz-*.1 \
	    $(DESTDIR)$(MANDIR)/man7/ddz-rules.7 $(DESTDIR)$(MANDIR)/man7/ddz-protocol.7 \
	    $(DESTDIR)$(BASHCOMPDIR)/ddz $(DESTDIR)$(ZSHCOMPDIR)/_ddz $(DESTDIR)$(UNITDIR)/ddz-serve.service
	rm -rf $(DESTDIR)$(INCLUDEDIR)/ddz $(DESTDIR)$(DOCDIR)
	@# the config file goes only when nobody changed it
	if cmp -s scripts/serve.conf $(DESTDIR)$(SYSCONFDIR)/ddz/serve.conf; then \
	    rm -f $(DESTDIR)$(SYSCONFDIR)/ddz/serve.conf; fi
	-rmdir $(DESTDIR)$(SYSCONFDIR)/ddz 2>/dev/null

# Debian packages: the tree make install gives for /usr, split and packed by scripts/mkdeb.sh.
DEB_MA := $(shell dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo $$(uname -m)-linux-gnu)
deb:
	rm -rf $(BUILD)/deb
	$(MAKE) install DESTDIR=$(abspath $(BUILD)/deb/root) PREFIX=/usr LIBDIR=/usr/lib/$(DEB_MA) \
	    SYSCONFDIR=/etc UNITDIR=/lib/systemd/system ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	sh scripts/mkdeb.sh $(BUILD)/deb/root $(BUILD)/deb $(VERSION) $(DEB_MA)
