# budget — build, test, install.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
SWIFT ?= swift
RELEASE_FLAGS = -c release

.PHONY: all build release test install uninstall clean

all: build

## build: debug build of the library and the `budget` executable
build:
	$(SWIFT) build

## release: optimised build, as `make install` installs it
release:
	$(SWIFT) build $(RELEASE_FLAGS)

## test: the whole test suite: unit, parser, end to end through the debug binary, and the
## reliability suite (parallel writers, kill -9, fault injection, fuzzing) on the release binary
test:
	$(SWIFT) build
	$(SWIFT) build $(RELEASE_FLAGS)
	BUDGET_RELEASE_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget" $(SWIFT) test --disable-swift-testing

## install: release build into $(PREFIX)/bin
install: release
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget" "$(DESTDIR)$(BINDIR)/budget"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/budget"

clean:
	rm -rf .build
