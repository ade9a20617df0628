#include "CSystem.h"

// stdlib.h brings glibc's features.h, which defines __GLIBC__.
#include <stdlib.h>

// The command line, saved before main. Swift's CommandLine.arguments reads /proc/self/cmdline on
// Linux, which a root without /proc (a chroot, some containers) lacks; glibc calls the
// constructors of the program and its libraries with argc, argv and envp, wherever /proc is
// (Docs/security.md, "The command line without /proc"). Other C libraries (musl) call them with
// nothing, so only glibc's are read.
static int saved_argument_count = 0;
static char **saved_arguments = NULL;

#ifdef __GLIBC__
// First of the program's constructors, before any the runtime has that could ask for argv.
__attribute__((constructor(101), used))
static void csystem_save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv != NULL) {
        saved_argument_count = argc;
        saved_arguments = argv;
    }
}
#endif

int csystem_argument_count(void) { return saved_argument_count; }

const char *csystem_argument(int index) {
    if (index < 0 || index >= saved_argument_count) return NULL;
    return saved_arguments[index];
}

// The Swift runtime's own two functions for `CommandLine.arguments` (below), answered from the
// arguments saved above. Defined here, they keep the runtime's `CommandLine.cpp` out of a
// statically linked program, and with it the static initialiser that reads /proc/self/maps at
// every start to find argv on the stack (Docs/performance.md, "The fourth round: the file as
// installed"). Where the runtime is a shared library, the loader binds one or the other; both
// answer the process's arguments.
static int override_argument_count = 0;
static char **override_arguments = NULL;

void csystem_override_runtime_arguments(char **argv, int argc) {
    override_arguments = argv;
    override_argument_count = argv != NULL ? argc : 0;
}

char **csystem_runtime_arguments(int *count) {
    static char *no_arguments[] = {NULL};
    if (override_arguments != NULL) {
        *count = override_argument_count;
        return override_arguments;
    }
    if (saved_arguments != NULL) {
        *count = saved_argument_count;
        return saved_arguments;
    }
    *count = 0;
    return no_arguments;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) { csystem_override_runtime_arguments(argv, argc); }

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) { return csystem_runtime_arguments(outArgLen); }
