# Builds and installs challenge-tui and challenge-server (Docs/installing.md).
#   make                          release build of both programs and their completions
#   make install [PREFIX=/usr/local] [DESTDIR=]   copies what `make` built (never builds: sudo-safe)
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#   make deb                      challenge-tui_<version>_<arch>.deb (dpkg-deb)
#   make bench [BENCH_ARGS=...]   the release bench (Docs/performance.md)

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
# Each shell's usual folder under $(PREFIX)/share (Debian's zsh reads vendor-completions under /usr).
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d

PROGRAMS = challenge-tui challenge-server
BUILD = .build/release
COMPLETIONS = .build/completions
VERSION := $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/CommandLineKit/ProgramVersion.swift)

.PHONY: all build completions install install-files uninstall deb bench

all: build completions

build:
	$(SWIFT) build -c release --product challenge-tui
	$(SWIFT) build -c release --product challenge-server

# The scripts are printed by the program itself, from its option declarations.
completions: build
	mkdir -p $(COMPLETIONS)
	$(BUILD)/challenge-tui --completions bash > $(COMPLETIONS)/challenge-tui.bash
	$(BUILD)/challenge-tui --completions zsh > $(COMPLETIONS)/_challenge-tui
	$(BUILD)/challenge-tui --completions fish > $(COMPLETIONS)/challenge-tui.fish
	$(BUILD)/challenge-server --completions bash > $(COMPLETIONS)/challenge-server.bash
	$(BUILD)/challenge-server --completions zsh > $(COMPLETIONS)/_challenge-server
	$(BUILD)/challenge-server --completions fish > $(COMPLETIONS)/challenge-server.fish

BUILT = $(addprefix $(BUILD)/,$(PROGRAMS)) \
	$(foreach p,$(PROGRAMS),$(COMPLETIONS)/$(p).bash $(COMPLETIONS)/_$(p) $(COMPLETIONS)/$(p).fish)

# Only copies: `sudo make install` must not run the compiler as root (it would leave root-owned
# files in .build). Run `make` as yourself first.
install:
	@for file in $(BUILT); do \
	  [ -f "$$file" ] || { echo "make install: $$file is not built; run 'make' first (as yourself, not as root)" >&2; exit 1; }; \
	done
	$(MAKE) --no-print-directory install-files

# Copies what `build` and `completions` made (debian/build-deb stages the package with it).
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BUILD)/challenge-tui $(BUILD)/challenge-server $(DESTDIR)$(BINDIR)/
	install -m 644 Docs/man/challenge-tui.1 Docs/man/challenge-server.1 $(DESTDIR)$(MANDIR)/
	install -m 644 $(COMPLETIONS)/challenge-tui.bash $(DESTDIR)$(BASHDIR)/challenge-tui
	install -m 644 $(COMPLETIONS)/_challenge-tui $(DESTDIR)$(ZSHDIR)/_challenge-tui
	install -m 644 $(COMPLETIONS)/challenge-tui.fish $(DESTDIR)$(FISHDIR)/challenge-tui.fish
	install -m 644 $(COMPLETIONS)/challenge-server.bash $(DESTDIR)$(BASHDIR)/challenge-server
	install -m 644 $(COMPLETIONS)/_challenge-server $(DESTDIR)$(ZSHDIR)/_challenge-server
	install -m 644 $(COMPLETIONS)/challenge-server.fish $(DESTDIR)$(FISHDIR)/challenge-server.fish

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(PROGRAMS))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/,$(addsuffix .1,$(PROGRAMS)))
	rm -f $(addprefix $(DESTDIR)$(BASHDIR)/,$(PROGRAMS)) $(addprefix $(DESTDIR)$(ZSHDIR)/_,$(PROGRAMS))
	rm -f $(addprefix $(DESTDIR)$(FISHDIR)/,$(addsuffix .fish,$(PROGRAMS)))

deb: build completions
	sh debian/build-deb $(VERSION)

# Product by product: only what is installed or measured is built (a plain `swift build -c
# release` builds every target, the tests' support libraries too).
bench: build
	$(SWIFT) build -c release --product challenge-bench
	$(BUILD)/challenge-bench $(BENCH_ARGS)
