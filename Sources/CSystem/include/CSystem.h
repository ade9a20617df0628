// System calls Swift can't import: prctl(2) is variadic, and Swift imports no variadic C
// function; explicit_bzero(3) is hidden behind _DEFAULT_SOURCE, pipe2(2) behind _GNU_SOURCE.
// Kept to the few process-hardening calls of Core's ProcessHardening and SecretBytes, the
// command line saved before main for Core's ProgramArguments, and TUI's wake pipe.
#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Makes the process not dumpable: no core file, and other processes of the same user can't
/// ptrace it or read its memory through /proc. 0 on success, -1 with errno set.
int csystem_disable_dumps(void);

/// 1 when the process is dumpable, 0 when not, -1 on error.
int csystem_is_dumpable(void);

/// Overwrites `count` bytes at `bytes` with zeros in a way the compiler may not remove
/// (explicit_bzero): for memory that held a key or a passphrase.
void csystem_wipe(void *bytes, unsigned long count);

/// How many arguments the process was started with, the program's name included, as saved by a
/// constructor before main (glibc hands constructors argc and argv); 0 if none was saved.
int csystem_argument_count(void);

/// The saved argument `index` (0 is the program's name), or NULL past the last.
const char *csystem_argument(int index);

/// The arguments the Swift runtime gives `CommandLine.arguments` (SavedArguments.c defines the
/// runtime's two functions with these): the ones `csystem_override_runtime_arguments` set, else
/// the saved ones, else none (`*count` 0 and a list holding only NULL).
char **csystem_runtime_arguments(int *count);

/// Sets the arguments `csystem_runtime_arguments` answers; NULL goes back to the saved ones.
void csystem_override_runtime_arguments(char **argv, int argc);

/// A pipe whose two ends are non-blocking and closed on exec (`fds[0]` reads, `fds[1]` writes):
/// one pipe2(2) on Linux, pipe(2) and four fcntl(2) elsewhere. 0 on success, -1 with errno set.
int csystem_wake_pipe(int fds[2]);

#endif
