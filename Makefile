# notesite: `make`, `make test`, `make install PREFIX=~/.local`, `make site`.
# The Swift toolchain is taken from /opt/swift when it is there, else from PATH.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT_BIN := $(wildcard /opt/swift/usr/bin)
SWIFT ?= $(if $(SWIFT_BIN),$(SWIFT_BIN)/swift,swift)
INSTALL ?= install

.PHONY: all build release test ci site install uninstall clean

all: release

build:
	$(SWIFT) build --product notesite

release:
	$(SWIFT) build -c release --product notesite

test:
	scripts/test

ci:
	.ci/run

site:
	scripts/site

# The release binary, installed as $(DESTDIR)$(BINDIR)/notesite (the theme is inside it).
install: release
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 "$$($(SWIFT) build -c release --show-bin-path)/notesite" "$(DESTDIR)$(BINDIR)/notesite"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/notesite"

clean:
	$(SWIFT) package clean
