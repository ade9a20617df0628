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
#include <errno.h>
#include <termios.h>
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

/// What terminfo says of the terminal `type`, read without starting curses (setupterm reads the
/// entry, del_curterm frees it again; nothing is written to any terminal): 1 it can place the
/// cursor, 0 there is no entry for it, -1 no terminfo database was found, 2 the entry can't place
/// the cursor (a hard-copy or `dumb` terminal).
/// (term.h is not included: its macros would name half of terminfo's capabilities.)
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);
static inline int ctui_terminfo_status(const char *type) {
    // The current terminal (none before curses starts) is put back afterwards.
    struct term *saved = set_curterm(NULL);
    set_curterm(saved);
    int err = 0;
    int status;
    if (setupterm(type, -1, &err) != OK) {
        status = err == 1 ? 2 : (err == 0 ? 0 : -1);
    } else {
        const char *cup = tigetstr("cup");
        status = cup != NULL && cup != (const char *)-1 ? 1 : 2;
    }
    struct term *made = set_curterm(saved);
    if (made != NULL && made != saved) del_curterm(made);
    return status;
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

// MARK: - What ncurses would send, collected (the clusters drawn past it, Docs/configuration.md)

extern int tputs(const char *, int, int (*)(int));
extern int wcwidth(wchar_t);

/// The C library's width of `c`, which ncurses measures a cell with (-1: not printable).
static inline int ctui_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// What ncurses sends to the callback below, kept (a function's static: Swift emits no header
/// global).
struct ctui_collector { int count; unsigned char bytes[512]; };
static inline struct ctui_collector *ctui_collector(void) {
    static struct ctui_collector collector;
    return &collector;
}

static inline int ctui_collect(int c) {
    struct ctui_collector *collector = ctui_collector();
    if (collector->count < (int)sizeof collector->bytes) collector->bytes[collector->count++] = (unsigned char)c;
    return c;
}

/// Copies what was collected to `out` (at most `capacity` bytes) and empties the collector;
/// returns how many.
static inline int ctui_collected_into(unsigned char *out, int capacity) {
    struct ctui_collector *collector = ctui_collector();
    int count = collector->count < capacity ? collector->count : capacity;
    memcpy(out, collector->bytes, (size_t)count);
    collector->count = 0;
    return count;
}

/// The bytes that change the terminal's rendition to `attrs` in colour `pair`, exactly as ncurses
/// sends them (terminfo's sgr, setaf, setab…, for whatever colours the terminal has), from the
/// rendition ncurses believes it has; ncurses believes the new one afterwards.
static inline int ctui_rendition_bytes(attr_t attrs, int pair, unsigned char *out, int capacity) {
    ctui_collector()->count = 0;
    vid_puts(attrs, 0, &pair, ctui_collect);
    return ctui_collected_into(out, capacity);
}

/// The bytes of terminfo's `cup` for `row`, `column` (padding applied); none without it.
static inline int ctui_cursor_address_bytes(int row, int column, unsigned char *out, int capacity) {
    ctui_collector()->count = 0;
    char *cup = tigetstr("cup");
    if (cup != NULL && cup != (char *)-1) tputs(tiparm(cup, row, column), 1, ctui_collect);
    return ctui_collected_into(out, capacity);
}

/// The bytes that take the terminal from rendition `from` to `to` (attributes and colour pair),
/// exactly as ncurses would send them were it to believe the terminal in `from`. Nothing reaches
/// the terminal, and ncurses believes the plain rendition afterwards, as after its own frames: the
/// terminal's frames are written past `doupdate` from these (Docs/performance.md, "A key press").
static inline int ctui_transition_bytes(attr_t from, int fromPair, attr_t to, int toPair, unsigned char *out, int capacity) {
    ctui_collector()->count = 0;
    vid_puts(from, 0, &fromPair, ctui_collect);
    ctui_collector()->count = 0;
    int plainPair = 0;
    // From one pair to another, vid_puts sends only the colours that are not the terminal's
    // default (pair (1, 4) to (-1, 4): the background alone, the red text stays red), and nothing
    // at all from a pair to none with the attributes kept: every change of pair goes through the
    // plain rendition, which resets both colours.
    if (fromPair != toPair && fromPair != 0) vid_puts(A_NORMAL, 0, &plainPair, ctui_collect);
    vid_puts(to, 0, &toPair, ctui_collect);
    int count = ctui_collected_into(out, capacity);
    vid_puts(A_NORMAL, 0, &plainPair, ctui_collect);
    ctui_collector()->count = 0;
    return count;
}

/// What ncurses' key table says of `length` bytes read from the terminal: a key's code, -1 when
/// they begin one or more keys, 0 when they begin none (`key_defined`, which takes a C string).
static inline int ctui_key_defined(const unsigned char *bytes, int length) {
    char text[64];
    if (length <= 0 || length >= (int)sizeof text) return 0;
    memcpy(text, bytes, (size_t)length);
    text[length] = '\0';
    return key_defined(text);
}

/// The terminfo string capability `name` unexpanded, or NULL without it.
static inline const char *ctui_string_capability(const char *name) {
    const char *value = tigetstr(name);
    return value == (const char *)-1 ? NULL : value;
}

/// Whether the terminfo boolean capability `name` is set.
static inline int ctui_flag_capability(const char *name) { return tigetflag(name) > 0; }

/// The bytes of the terminfo string capability `name` (padding applied); none without it.
static inline int ctui_capability_bytes(const char *name, unsigned char *out, int capacity) {
    ctui_collector()->count = 0;
    char *value = tigetstr(name);
    if (value != NULL && value != (char *)-1) tputs(value, 1, ctui_collect);
    return ctui_collected_into(out, capacity);
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
//
// Every signal whose default action ends the process restores the terminal first (see
// Docs/security.md, "Signals"): the settings saved with tcgetattr before curses started are put
// back with tcsetattr, and the sequences that leave the alternate screen and the mouse and
// paste modes are written with plain write(2) — no stdio, no curses, nothing that allocates or
// locks. Then the signal is raised again with its previous action (Swift's crash reporter for
// faults, the default otherwise), so the process dies by it as it would have.

#define CTUI_MAX_SIGNAL 65
#define CTUI_ALT_STACK_SIZE (64 * 1024)

struct ctui_signal_state {
    volatile sig_atomic_t pending_signal;
    volatile sig_atomic_t wake_fd;
    volatile sig_atomic_t curses_active;
    /// Set by a resize, taken by the terminal's next read (ctui_take_resize).
    volatile sig_atomic_t resized;
    int fatal_installed;
    struct sigaction previous_fatal[CTUI_MAX_SIGNAL];
    struct sigaction previous_wake[CTUI_MAX_SIGNAL];
    struct sigaction previous_winch;
    /// The terminal as it was before curses (tcgetattr), and where to put it back.
    int terminal_fd;
    int has_saved_modes;
    struct termios saved_modes;
    /// What leaves curses' terminal modes, built once at start (terminfo), written as is.
    char reset[512];
    size_t reset_length;
    /// Where the handlers run: a stack overflow leaves no room on the thread's own.
    char alternate_stack[CTUI_ALT_STACK_SIZE];
};

// A function-local static: Swift's importer emits it with the function (file-scope statics
// that only C code references are not emitted).
static inline struct ctui_signal_state *ctui_state(void) {
    static struct ctui_signal_state state = { .wake_fd = -1, .terminal_fd = -1 };
    return &state;
}

/// Saves the terminal's modes on `fd` before curses changes them (0, or -1 when `fd` is not a
/// terminal: then nothing is restored on a signal but the sequences).
static inline int ctui_save_terminal_modes(int fd) {
    struct ctui_signal_state *state = ctui_state();
    state->terminal_fd = fd;
    state->has_saved_modes = tcgetattr(fd, &state->saved_modes) == 0;
    return state->has_saved_modes ? 0 : -1;
}

static inline void ctui_append_reset(const char *sequence) {
    struct ctui_signal_state *state = ctui_state();
    if (sequence == NULL || sequence == (const char *)-1) return;
    size_t length = strlen(sequence);
    if (state->reset_length + length >= sizeof state->reset) return;
    memcpy(state->reset + state->reset_length, sequence, length);
    state->reset_length += length;
}

/// Builds what a dying handler writes, from the terminal's terminfo entry (curses must be
/// started): cancel a half-sent sequence, `modes_off` (the app's mouse and paste modes off,
/// TUI's TerminalModes.resetSequence), attributes off, keypad off, cursor on, leave the
/// alternate screen. xterm's sequences stand in for missing entries.
static inline void ctui_prepare_terminal_reset(const char *modes_off) {
    struct ctui_signal_state *state = ctui_state();
    state->reset_length = 0;
    ctui_append_reset("\030"); // CAN: ends an escape sequence cut short by the signal
    ctui_append_reset(modes_off);
    const char *sgr0 = tigetstr("sgr0"), *rmkx = tigetstr("rmkx"), *cnorm = tigetstr("cnorm"), *rmcup = tigetstr("rmcup");
    ctui_append_reset(sgr0 != NULL && sgr0 != (char *)-1 ? sgr0 : "\033[0m");
    ctui_append_reset(rmkx != NULL && rmkx != (char *)-1 ? rmkx : "\033[?1l\033>");
    ctui_append_reset(cnorm != NULL && cnorm != (char *)-1 ? cnorm : "\033[?25h");
    ctui_append_reset(rmcup != NULL && rmcup != (char *)-1 ? rmcup : "\033[?1049l");
}

/// The async-signal-safe restore: only write(2) and tcsetattr(3), once.
static inline void ctui_restore_terminal_now(void) {
    struct ctui_signal_state *state = ctui_state();
    if (!state->curses_active) return;
    state->curses_active = 0;
    int fd = state->terminal_fd;
    if (fd < 0) return;
    size_t written = 0;
    while (written < state->reset_length) {
        ssize_t n = write(fd, state->reset + written, state->reset_length - written);
        if (n <= 0) break; // EINTR included: a dying process doesn't wait
        written += (size_t)n;
    }
    if (state->has_saved_modes) tcsetattr(fd, TCSANOW, &state->saved_modes);
}

static inline void ctui_restore_terminal(void) {
    if (ctui_state()->curses_active) {
        ctui_state()->curses_active = 0;
        endwin();
    }
}

static void ctui_dying_handler(int sig, siginfo_t *info, void *context) {
    (void)info, (void)context;
    int saved_errno = errno;
    ctui_restore_terminal_now();
    // Hand the signal to whoever had it before (the default action, or Swift's crash reporter),
    // then to the default action should that one return: the process dies by this signal.
    if (sig > 0 && sig < CTUI_MAX_SIGNAL) sigaction(sig, &ctui_state()->previous_fatal[sig], NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved_errno;
}

/// Whether a signal's default action ends the process (POSIX: terminate or core dump). Those
/// that stop, continue or are ignored by default are left alone, as are KILL and STOP, which
/// no handler can catch.
static inline int ctui_signal_ends_process(int sig) {
    switch (sig) {
    case SIGHUP: case SIGINT: case SIGQUIT: case SIGILL: case SIGTRAP: case SIGABRT: case SIGBUS:
    case SIGFPE: case SIGUSR1: case SIGSEGV: case SIGUSR2: case SIGALRM: case SIGTERM:
    case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF: case SIGSYS:
#ifdef SIGSTKFLT
    case SIGSTKFLT:
#endif
#ifdef SIGIO
    case SIGIO:
#endif
#ifdef SIGPWR
    case SIGPWR:
#endif
        return 1;
    default:
#ifdef SIGRTMIN
        return sig >= SIGRTMIN && sig <= SIGRTMAX;
#else
        return 0;
#endif
    }
}

static void ctui_atexit_handler(void) { ctui_restore_terminal(); }

/// Gives the calling thread the alternate stack the handlers run on (one thread: the one that
/// runs the terminal, where the app's code runs).
static inline int ctui_install_alternate_stack(void) {
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = ctui_state()->alternate_stack;
    stack.ss_size = sizeof ctui_state()->alternate_stack;
    return sigaltstack(&stack, NULL);
}

/// `sig` restores the terminal, then goes on to its present action.
static inline void ctui_install_dying_handler(int sig) {
    if (sig <= 0 || sig >= CTUI_MAX_SIGNAL) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = ctui_dying_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigaction(sig, &sa, &ctui_state()->previous_fatal[sig]);
}

/// Every signal that would end the process restores the terminal first, on an alternate stack.
/// Signals ignored when the program started (`nohup`) stay ignored; SIGPIPE is ignored, so a
/// connection closed under a write is an error to handle, never the end. Installed once.
static inline void ctui_install_fatal_handlers(void) {
    struct ctui_signal_state *state = ctui_state();
    if (state->fatal_installed) return;
    state->fatal_installed = 1;
    ctui_install_alternate_stack();
    signal(SIGPIPE, SIG_IGN);
    // One call a signal: the handler goes in and the action it replaced comes back, and the
    // rare signal that was ignored gets its ignoring back (a lookup first took a second system
    // call for each of 26 signals before the first frame; Docs/performance.md).
    for (int sig = 1; sig < CTUI_MAX_SIGNAL; sig++) {
        if (!ctui_signal_ends_process(sig)) continue;
        ctui_install_dying_handler(sig);
        struct sigaction *previous = &ctui_state()->previous_fatal[sig];
        if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler == SIG_IGN) sigaction(sig, previous, NULL);
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
    ctui_state()->resized = 1;
    ctui_wake();
}

/// Whether the terminal was resized since the last call: ncurses then has KEY_RESIZE to give.
static inline int ctui_take_resize(void) {
    int resized = ctui_state()->resized;
    ctui_state()->resized = 0;
    return resized;
}

static inline void ctui_set_wake_fd(int fd) { ctui_state()->wake_fd = fd; }

static inline void ctui_install_wake_handler(int sig) {
    if (sig <= 0 || sig >= CTUI_MAX_SIGNAL) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = ctui_wake_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(sig, &sa, &ctui_state()->previous_wake[sig]);
}

static inline void ctui_restore_wake_handler(int sig) {
    if (sig <= 0 || sig >= CTUI_MAX_SIGNAL) return;
    sigaction(sig, &ctui_state()->previous_wake[sig], NULL);
}

static inline int ctui_take_pending_signal(void) {
    int sig = ctui_state()->pending_signal;
    ctui_state()->pending_signal = 0;
    return sig;
}

/// Stops the process as SIGTSTP's default action does, and returns once it is continued
/// (SIGCONT). The event loop calls it after giving the terminal back (Docs/security.md,
/// "Signals"): the loop's own SIGTSTP handler is set aside for the stop and put back after. In an
/// orphaned process group the kernel discards the stop (no shell could continue it), and this
/// returns at once.
static inline void ctui_stop_process(void) {
    struct sigaction default_action, mine;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGTSTP, &default_action, &mine);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &mine, NULL);
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
