# budget — build, test, install.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
SWIFT ?= swift
# The release build is a static executable (the Swift runtime, Foundation and glibc linked in):
# no dynamic loader, no relocations of shared libraries, so it starts in about a third of the
# time. glibc's iconv still loads its converters (CP932) from the system at run time.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable

.PHONY: all build release lint check test test-asan bench screenshot install uninstall clean

all: build

## build: debug build of the library and the `budget` executable
build:
	$(SWIFT) build

## release: optimised build, as `make install` installs it
release:
	$(SWIFT) build $(RELEASE_FLAGS)

## lint: swift-format's rule checks with the rules in .swift-format, on Sources and Tests; any
## finding fails. Its whitespace pass is off (--debug-disable-pretty-print): the code is laid
## out by hand, and swift-format cannot turn its layout findings off one by one
lint:
	$(SWIFT) format lint --strict --debug-disable-pretty-print --recursive Sources Tests

## check: the fast loop (under 30 s on 2 cores once built): lint, then the unit tests and the
## in-process parser, help and output tests on the debug build, two test processes at a time,
## property and fuzz tests at their fast default depth. Left to `make test`: the classes that
## start budget processes (*EndToEndTests, *ShellTests, ReliabilityTests) and the tests that
## build 20,000-record histories (LARGE_HISTORY_TESTS)
PROCESS_TESTS = EndToEndTests|ShellTests|ReliabilityTests
LARGE_HISTORY_TESTS = StoredHistoryTests/testLargeHistory_|FormerHistoryLayoutTests/testFormerBulkHistory_
check: lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing --parallel --skip '$(PROCESS_TESTS)|$(LARGE_HISTORY_TESTS)'

## test: the whole test suite, what CI runs: unit, parser, end to end and the reliability suite
## (parallel writers, kill -9, fault injection, fuzzing), every process they start being the one
## release binary, two test processes at a time; property and fuzz tests at their deep setting
## (BUDGET_PROPERTY_DEPTH=deep). The codec's property tests run once, in test-asan: the same
## tests at the same depth on a debug build, with the address sanitizer on top. The fault
## injection interposes write, fsync, rename and mmap with LD_PRELOAD, which a static executable
## never reads: those cases run the release build's own object files linked dynamically
## (INTERPOSABLE_BINARY), the same code
RELEASE_DIR = "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"
RELEASE_BINARY = $(RELEASE_DIR)/budget
INTERPOSABLE_BINARY = $(RELEASE_DIR)/budget-interposable
SWIFTC ?= swiftc
test:
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS)
	$(SWIFTC) -static-stdlib -use-ld=lld -Xlinker --defsym -Xlinker main=budget_main -o $(INTERPOSABLE_BINARY) \
		@$(RELEASE_DIR)/budget.product/Objects.LinkFileList
	BUDGET_PROPERTY_DEPTH=deep BUDGET_BINARY=$(RELEASE_BINARY) BUDGET_RELEASE_BINARY=$(RELEASE_BINARY) \
		BUDGET_INTERPOSABLE_BINARY=$(INTERPOSABLE_BINARY) \
		$(SWIFT) test --skip-build --disable-swift-testing --parallel --skip CodecPropertyTests
	$(MAKE) test-asan

## test-asan: the codec's property and fuzz tests at their deep setting, and the tables read in two
## parts at once (LargeTableReadingTests: pointers handed between threads), on a debug build with the
## address sanitizer (its own scratch path, .build-asan), so a read past the end of a buffer stops
## the test; two test processes at a time; leak reports are off (XCTest itself leaks a little at
## exit), and so is the backtracer (it hangs on a crash under the sanitizer)
ASAN = --scratch-path .build-asan --sanitize=address
test-asan:
	$(SWIFT) build $(ASAN) --build-tests
	BUDGET_PROPERTY_DEPTH=deep ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no \
		$(SWIFT) test $(ASAN) --skip-build --disable-swift-testing --parallel \
		--filter 'CodecPropertyTests|LargeTableReadingTests'

## screenshot: docs/report.png, the README's picture of the report: its example run with the
## release binary, opened by chromium-headless-shell
screenshot: release
	docs/screenshot.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget"

## bench: time budget against ledger and hledger on 1k/10k/100k records; writes bench/results.md
## (apt-get install ledger hledger hyperfine for the full comparison)
bench: release
	BUDGET_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget" python3 bench/run.py

## install: release build into $(PREFIX)/bin, manual page into $(PREFIX)/share/man/man1
install: release
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)"
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget" "$(DESTDIR)$(BINDIR)/budget"
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/budget" manual > "$(DESTDIR)$(MANDIR)/budget.1"
	chmod 0644 "$(DESTDIR)$(MANDIR)/budget.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/budget" "$(DESTDIR)$(MANDIR)/budget.1"

clean:
	rm -rf .build
