// epoll and the few other Linux calls Glibc's Swift module leaves out, behind plain functions:
// `struct epoll_event` is packed on x86-64, so Swift never touches it directly (see
// Docs/server.md, "Architecture").
#ifndef CEPOLL_H
#define CEPOLL_H

#include <stdint.h>

/// One readiness report: the descriptor and what it is ready for (CEPOLL_* bits).
typedef struct {
    uint32_t events;
    int32_t fd;
} cepoll_event;

enum {
    CEPOLL_IN = 0x001,
    CEPOLL_OUT = 0x004,
    CEPOLL_ERR = 0x008,
    CEPOLL_HUP = 0x010,
    CEPOLL_RDHUP = 0x2000,
    /// Wake one waiter only: set on the listening socket shared by every loop.
    CEPOLL_EXCLUSIVE = 1u << 28,
};

/// 1 where epoll exists (Linux), 0 elsewhere: the server then falls back to poll().
int cepoll_available(void);
/// A new epoll instance (close-on-exec), or -1 with errno.
int cepoll_create(void);
/// EPOLL_CTL_ADD / MOD / DEL of `fd` with `events`; 0 or -1 with errno.
int cepoll_add(int epfd, int fd, uint32_t events);
int cepoll_modify(int epfd, int fd, uint32_t events);
int cepoll_remove(int epfd, int fd);
/// Waits up to `timeout_ms` (-1: forever) and fills at most `capacity` (<= 1024) reports;
/// the count, or -1 with errno.
int cepoll_wait(int epfd, cepoll_event *out, int capacity, int timeout_ms);

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC; the peer's IPv4 address (network order) in
/// `*address`. The new descriptor, or -1 with errno.
int cepoll_accept(int listener, uint32_t *address);
/// IP_BIND_ADDRESS_NO_PORT on a client socket: the port is chosen at connect time, so many
/// sockets bound to one source address don't exhaust the ports early. 0 or -1.
int cepoll_bind_address_no_port(int fd);
/// A pipe whose ends are non-blocking and close-on-exec; 0 or -1 with errno.
int cepoll_pipe(int fds[2]);

/// The processors this process may run on (sched_getaffinity), at least 1.
int cepoll_processor_count(void);
/// Names the calling thread (Linux keeps 15 bytes); for ps, top and debuggers.
void cepoll_name_thread(const char *name);
/// Lets thread `tid` (0: the calling one) run only on processor `cpu`, or, when `cpu` is -1,
/// wherever the calling process could run before its first call (the benchmark places a
/// client and a server). 0, or -1 with errno (ENOSYS where there is no sched_setaffinity).
int cepoll_pin_thread(int tid, int cpu);
/// The processor the calling thread is running on, or -1.
int cepoll_current_cpu(void);
/// Gives the memory malloc keeps free back to the system (glibc's malloc_trim: its arenas keep
/// freed blocks for reuse); 1 if some was given back.
int cepoll_release_free_memory(void);

#endif
