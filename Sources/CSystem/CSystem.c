#define _DEFAULT_SOURCE
#define _GNU_SOURCE // pipe2
#include "CSystem.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int csystem_wake_pipe(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_NONBLOCK | O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(fds[i], F_GETFL);
        if (flags == -1 || fcntl(fds[i], F_SETFL, flags | O_NONBLOCK) == -1 || fcntl(fds[i], F_SETFD, FD_CLOEXEC) == -1) {
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
    }
    return 0;
#endif
}

void csystem_wipe(void *bytes, unsigned long count) {
    if (bytes != NULL && count > 0) explicit_bzero(bytes, count);
}

#ifdef __linux__
#include <sys/prctl.h>

int csystem_disable_dumps(void) { return prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L); }

int csystem_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0L, 0L, 0L, 0L); }
#else
// Only Linux has prctl; elsewhere the process stays as it is.
int csystem_disable_dumps(void) { return -1; }

int csystem_is_dumpable(void) { return -1; }
#endif
