#ifndef CHALLENGE_TUI_CNCURSES_SHIM_H
#define CHALLENGE_TUI_CNCURSES_SHIM_H

// SwiftPM drops the -D flags pkg-config gives, so the wide-character API is switched on here,
// before the first include.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// MARK: - Macros and globals Swift cannot import (or may not touch under Swift 6)

static inline WINDOW *ctui_stdscr(void) { return stdscr; }
static inline int ctui_lines(void) { return LINES; }
static inline int ctui_cols(void) { return COLS; }
static inline int ctui_colors(void) { return COLORS; }
static inline int ctui_color_pairs(void) { return COLOR_PAIRS; }
static inline int ctui_key_f(int n) { return KEY_F(n); }
static inline void ctui_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t ctui_a_normal(void) { return A_NORMAL; }
static inline attr_t ctui_a_bold(void) { return A_BOLD; }
static inline attr_t ctui_a_dim(void) { return A_DIM; }
static inline attr_t ctui_a_reverse(void) { return A_REVERSE; }
static inline attr_t ctui_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ctui_color_pair(int n) { return COLOR_PAIR(n); }
static inline mmask_t ctui_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t ctui_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t ctui_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
// Line-drawing characters, should a caller prefer them to Unicode box drawing.
static inline chtype ctui_acs_hline(void) { return ACS_HLINE; }
static inline chtype ctui_acs_vline(void) { return ACS_VLINE; }
static inline chtype ctui_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype ctui_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype ctui_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype ctui_acs_lrcorner(void) { return ACS_LRCORNER; }

/// A terminal on the given descriptors (the process's stdin/stdout, or a pty in tests), of
/// `type` (NULL: $TERM); NULL, rather than initscr's exit, on failure.
static inline SCREEN *ctui_newterm(const char *type, int infd, int outfd) {
    FILE *out = outfd == STDOUT_FILENO ? stdout : fdopen(dup(outfd), "w");
    FILE *in = infd == STDIN_FILENO ? stdin : fdopen(dup(infd), "r");
    if (out == NULL || in == NULL) return NULL;
    return newterm(type, out, in);
}

/// setcchar with an int colour pair (the extended-colour `opts` form), so pairs above 32767 work.
static inline int ctui_setcchar(cchar_t *c, const wchar_t *w, attr_t a, int pair) {
    return setcchar(c, w, a, 0, &pair);
}

/// Whether the current LC_CTYPE encodes UTF-8.
static inline int ctui_locale_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/// Opens a pseudo-terminal pair (for tests that run ncurses, or the program, on a pty): the
/// master end is what a user's terminal would be. Returns 0, or -1 with errno set.
static inline int ctui_open_pty(int *master, int *slave) {
    int m = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return -1;
    int unlock = 0;
    unsigned int n = 0;
    char name[32];
    if (ioctl(m, TIOCSPTLCK, &unlock) != 0 || ioctl(m, TIOCGPTN, &n) != 0) { close(m); return -1; }
    snprintf(name, sizeof name, "/dev/pts/%u", n);
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) { close(m); return -1; }
    *master = m;
    *slave = s;
    return 0;
}

// MARK: - Signal plumbing
//
// The handlers must be async-signal-safe, so they are C. Their state is `static`, which gives
// every object file that uses it its own copy: only one Swift file (SignalHub.swift) calls these.

struct ctui_signal_state {
    volatile sig_atomic_t pending_signal;
    volatile sig_atomic_t wake_fd;
    volatile sig_atomic_t curses_active;
    int fatal_installed;
    struct sigaction previous_fatal[32];
    struct sigaction previous_wake[32];
    struct sigaction previous_winch;
};

// A function-local static: Swift's importer emits it with the function (file-scope statics
// that only C code references are not emitted).
static inline struct ctui_signal_state *ctui_state(void) {
    static struct ctui_signal_state state = { 0, -1, 0, 0 };
    return &state;
}

static inline void ctui_restore_terminal(void) {
    if (ctui_state()->curses_active) {
        ctui_state()->curses_active = 0;
        endwin();
    }
}

static void ctui_fatal_handler(int sig) {
    ctui_restore_terminal();
    // Hand the signal to whoever had it before (the default action, or Swift's backtracer).
    if (sig > 0 && sig < 32) sigaction(sig, &ctui_state()->previous_fatal[sig], NULL);
    raise(sig);
}

static void ctui_atexit_handler(void) { ctui_restore_terminal(); }

static inline void ctui_install_fatal_handlers(void) {
    if (ctui_state()->fatal_installed) return;
    ctui_state()->fatal_installed = 1;
    const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = ctui_fatal_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(sigs[i], &sa, &ctui_state()->previous_fatal[sigs[i]]);
    }
    atexit(ctui_atexit_handler);
}

static inline void ctui_set_curses_active(int active) { ctui_state()->curses_active = active; }
static inline int ctui_is_curses_active(void) { return ctui_state()->curses_active; }

static inline void ctui_wake(void) {
    int fd = ctui_state()->wake_fd;
    if (fd >= 0) {
        char b = 's';
        ssize_t ignored = write(fd, &b, 1); // EAGAIN means the loop is already awake
        (void)ignored;
    }
}

static void ctui_wake_handler(int sig) {
    ctui_state()->pending_signal = sig;
    ctui_wake();
}

static void ctui_winch_handler(int sig) {
    // Let ncurses record the resize (it turns it into KEY_RESIZE), then wake the loop: the
    // signal may have been delivered to another thread, leaving poll() asleep.
    struct sigaction prev = ctui_state()->previous_winch;
    if (prev.sa_flags & SA_SIGINFO) {
        if (prev.sa_sigaction) prev.sa_sigaction(sig, NULL, NULL);
    } else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN && prev.sa_handler != NULL) {
        prev.sa_handler(sig);
    }
    ctui_wake();
}

static inline void ctui_set_wake_fd(int fd) { ctui_state()->wake_fd = fd; }

static inline void ctui_install_wake_handler(int sig) {
    if (sig <= 0 || sig >= 32) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = ctui_wake_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(sig, &sa, &ctui_state()->previous_wake[sig]);
}

static inline void ctui_restore_wake_handler(int sig) {
    if (sig <= 0 || sig >= 32) return;
    sigaction(sig, &ctui_state()->previous_wake[sig], NULL);
}

static inline int ctui_take_pending_signal(void) {
    int sig = ctui_state()->pending_signal;
    ctui_state()->pending_signal = 0;
    return sig;
}

static inline void ctui_chain_winch(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = ctui_winch_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    struct sigaction current;
    sigaction(SIGWINCH, NULL, &current);
    if (current.sa_handler == ctui_winch_handler) return; // already chained
    sigaction(SIGWINCH, &sa, &ctui_state()->previous_winch);
}

#endif
