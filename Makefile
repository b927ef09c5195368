# notesite: `make`, `make test`, `make install PREFIX=~/.local`, `make site`,
# `make dist` (a tarball that runs without Swift), `make deb` (a Debian package), `make test-packages`.
# The Swift toolchain is taken from /opt/swift when it is there, else from PATH.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT_BIN := $(wildcard /opt/swift/usr/bin)
SWIFT ?= $(if $(SWIFT_BIN),$(SWIFT_BIN)/swift,swift)
INSTALL ?= install

.PHONY: all build release test ci site install uninstall clean dist deb test-packages

all: release

build:
	$(SWIFT) build --product notesite

# The release binary users get, with Swift's runtime and Foundation linked in (less to map and relocate
# at every start): packaging/build-release, in .build/static, shared with `make dist` and the benchmarks.
# `swift build -c release` still makes the dynamically linked .build/release/notesite for development.
release:
	SWIFT="$(SWIFT)" packaging/build-release

test:
	scripts/test

ci:
	.ci/run

site:
	scripts/site

# The release binary, installed as $(DESTDIR)$(BINDIR)/notesite (the theme is inside it).
install: release
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 "$$(SWIFT="$(SWIFT)" packaging/build-release --show-bin-path)" "$(DESTDIR)$(BINDIR)/notesite"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/notesite"

# dist/notesite-VERSION-linux-ARCH.tar.gz: the binary with Swift's runtime and Foundation linked in,
# its man page and completions, README and LICENSE (untar into a prefix: --strip-components=1 -C ~/.local).
dist:
	packaging/make-dist

# dist/notesite_VERSION_ARCH.deb, Depends computed by dpkg-shlibdeps, checked by lintian when installed.
deb:
	packaging/make-deb

# Builds both and checks them as a user would get them (slow: a static release build).
test-packages:
	scripts/test-packages

clean:
	$(SWIFT) package clean
	rm -rf dist
