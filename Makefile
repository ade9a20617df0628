# Builds and installs challenge-tui and challenge-server (Docs/installing.md).
#   make                          release build of both programs
#   make install [PREFIX=/usr/local] [DESTDIR=]
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
VERSION := $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/Core/CommandLine/ProgramVersion.swift)

.PHONY: all build completions install install-files uninstall deb bench

all: build

build:
	$(SWIFT) build -c release --product challenge-tui
	$(SWIFT) build -c release --product challenge-server

# The scripts are printed by the program itself, from its option declarations.
completions: build
	mkdir -p $(COMPLETIONS)
	$(BUILD)/challenge-tui --completions bash > $(COMPLETIONS)/challenge-tui.bash
	$(BUILD)/challenge-tui --completions zsh > $(COMPLETIONS)/_challenge-tui
	$(BUILD)/challenge-tui --completions fish > $(COMPLETIONS)/challenge-tui.fish

install: build completions
	$(MAKE) --no-print-directory install-files

# Copies what `build` and `completions` made (debian/build-deb stages the package with it).
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BUILD)/challenge-tui $(BUILD)/challenge-server $(DESTDIR)$(BINDIR)/
	install -m 644 Docs/man/challenge-tui.1 Docs/man/challenge-server.1 $(DESTDIR)$(MANDIR)/
	install -m 644 $(COMPLETIONS)/challenge-tui.bash $(DESTDIR)$(BASHDIR)/challenge-tui
	install -m 644 $(COMPLETIONS)/_challenge-tui $(DESTDIR)$(ZSHDIR)/_challenge-tui
	install -m 644 $(COMPLETIONS)/challenge-tui.fish $(DESTDIR)$(FISHDIR)/challenge-tui.fish

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(PROGRAMS))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/,$(addsuffix .1,$(PROGRAMS)))
	rm -f $(DESTDIR)$(BASHDIR)/challenge-tui $(DESTDIR)$(ZSHDIR)/_challenge-tui $(DESTDIR)$(FISHDIR)/challenge-tui.fish

deb: build completions
	sh debian/build-deb $(VERSION)

# Product by product: only what is installed or measured is built (a plain `swift build -c
# release` builds every target, the tests' support libraries too).
bench: build
	$(SWIFT) build -c release --product challenge-bench
	$(BUILD)/challenge-bench $(BENCH_ARGS)
