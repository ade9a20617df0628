#define _DEFAULT_SOURCE
#include "CSystem.h"

#include <string.h>

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
