#define _GNU_SOURCE
#include <malloc.h>
#include "CEpoll.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/epoll.h>

int cepoll_processor_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

void cepoll_name_thread(const char *name) {
    char short_name[16];
    strncpy(short_name, name, sizeof short_name - 1);
    short_name[sizeof short_name - 1] = 0;
    pthread_setname_np(pthread_self(), short_name);
}

int cepoll_pin_thread(int tid, int cpu) {
    static cpu_set_t original;
    static int saved = 0;
    if (!saved) {
        if (sched_getaffinity(0, sizeof original, &original) != 0) return -1;
        saved = 1;
    }
    cpu_set_t set = original;
    if (cpu >= 0) {
        if (cpu >= CPU_SETSIZE) { errno = EINVAL; return -1; }
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
    }
    return sched_setaffinity(tid, sizeof set, &set);
}

int cepoll_current_cpu(void) { return sched_getcpu(); }

int cepoll_available(void) { return 1; }

int cepoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int control(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event event = { .events = events, .data.fd = fd };
    return epoll_ctl(epfd, op, fd, &event);
}

int cepoll_add(int epfd, int fd, uint32_t events) { return control(epfd, EPOLL_CTL_ADD, fd, events); }
int cepoll_modify(int epfd, int fd, uint32_t events) { return control(epfd, EPOLL_CTL_MOD, fd, events); }
int cepoll_remove(int epfd, int fd) { return control(epfd, EPOLL_CTL_DEL, fd, 0); }

int cepoll_wait(int epfd, cepoll_event *out, int capacity, int timeout_ms) {
    struct epoll_event events[1024];
    if (capacity > 1024) capacity = 1024;
    int count = epoll_wait(epfd, events, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        out[i].events = events[i].events;
        out[i].fd = events[i].data.fd;
    }
    return count;
}

int cepoll_accept(int listener, uint32_t *address) {
    struct sockaddr_in peer;
    socklen_t length = sizeof peer;
    int fd = accept4(listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) *address = peer.sin_family == AF_INET ? peer.sin_addr.s_addr : 0;
    return fd;
}

int cepoll_bind_address_no_port(int fd) {
    int one = 1;
    return setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
}

int cepoll_pipe(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }

#else

int cepoll_processor_count(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

void cepoll_name_thread(const char *name) {}

int cepoll_pin_thread(int tid, int cpu) { errno = ENOSYS; return -1; }
int cepoll_current_cpu(void) { return -1; }

int cepoll_available(void) { return 0; }
int cepoll_create(void) { errno = ENOSYS; return -1; }
int cepoll_add(int epfd, int fd, uint32_t events) { errno = ENOSYS; return -1; }
int cepoll_modify(int epfd, int fd, uint32_t events) { errno = ENOSYS; return -1; }
int cepoll_remove(int epfd, int fd) { errno = ENOSYS; return -1; }
int cepoll_wait(int epfd, cepoll_event *out, int capacity, int timeout_ms) { errno = ENOSYS; return -1; }

static int nonblocking(int fd) {
    if (fd < 0) return fd;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

int cepoll_accept(int listener, uint32_t *address) {
    struct sockaddr_in peer;
    socklen_t length = sizeof peer;
    int fd = nonblocking(accept(listener, (struct sockaddr *)&peer, &length));
    if (fd >= 0) *address = peer.sin_family == AF_INET ? peer.sin_addr.s_addr : 0;
    return fd;
}

int cepoll_bind_address_no_port(int fd) { return 0; }

int cepoll_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    nonblocking(fds[0]);
    nonblocking(fds[1]);
    return 0;
}

#endif

int cepoll_release_free_memory(void) {
#ifdef __GLIBC__
    return malloc_trim(0);
#else
    return 0;
#endif
}
