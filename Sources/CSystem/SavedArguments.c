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
__attribute__((constructor, used))
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
