#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The option and info numbers used here, from curl.h (CURLOPTTYPE_LONG 0, OBJECTPOINT 10000,
// FUNCTIONPOINT 20000, OFF_T 30000; CURLINFO_LONG 0x200000).
enum {
    OPT_BUFFERSIZE = 98,
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029,
    OPT_CUSTOMREQUEST = 10036,
    OPT_NOPROGRESS = 43,
    OPT_FOLLOWLOCATION = 52,
    OPT_XFERINFODATA = 10057,
    OPT_HEADERFUNCTION = 20079,
    OPT_NOSIGNAL = 99,
    OPT_ACCEPT_ENCODING = 10102,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181,
    OPT_XFERINFOFUNCTION = 20219,
    OPT_PROTOCOLS_STR = 10318,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    GLOBAL_ALL = 3,
};

struct slist;

static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";
static char load_error_text[512];

static void load(void) {
    // The OpenSSL flavour first (the one URLSession uses), then the GnuTLS one.
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(load_error_text, sizeof load_error_text,
                 "libcurl (libcurl.so.4) could not be loaded: %s (install libcurl4)", dlerror());
        load_error = load_error_text;
        return;
    }
#define LOAD(field, symbol)                                                                   \
    *(void **)(&curl.field) = dlsym(library, symbol);                                        \
    if (curl.field == NULL) {                                                                 \
        snprintf(load_error_text, sizeof load_error_text, "libcurl has no %s", symbol);       \
        load_error = load_error_text;                                                         \
        return;                                                                               \
    }
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_perform, "curl_easy_perform")
    LOAD(easy_getinfo, "curl_easy_getinfo")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(easy_strerror, "curl_easy_strerror")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
#undef LOAD
    // Not thread-safe in older libcurl: done here, once, before any handle exists.
    if (curl.global_init(GLOBAL_ALL) != 0) {
        load_error = "libcurl could not be initialised";
        return;
    }
    load_error = NULL;
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

// libcurl's progress callback has curl_off_t arguments the Swift side has no use for.
static int progress_trampoline(void *context, long long dltotal, long long dlnow, long long ultotal,
                               long long ulnow) {
    (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
    const ccurl_request *request = context;
    return request->on_progress(request->context);
}

static void fail(ccurl_result *result, int code, const char *message) {
    result->code = code;
    snprintf(result->message, sizeof result->message, "%s", message);
}

void ccurl_perform(const ccurl_request *request, ccurl_result *result) {
    memset(result, 0, sizeof *result);
    const char *problem = ccurl_load();
    if (problem != NULL) {
        fail(result, CCURL_UNAVAILABLE, problem);
        return;
    }
    void *handle = curl.easy_init();
    if (handle == NULL) {
        fail(result, CCURL_UNAVAILABLE, "libcurl could not create a transfer");
        return;
    }
    struct slist *headers = NULL;
    for (size_t i = 0; i < request->header_count; i++) {
        struct slist *appended = curl.slist_append(headers, request->headers[i]);
        if (appended != NULL) headers = appended;
    }
    // No "Expect: 100-continue" round trip before a body.
    struct slist *appended = curl.slist_append(headers, "Expect:");
    if (appended != NULL) headers = appended;

    char error_buffer[256] = {0};
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error_buffer);
    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
    // Redirects are followed by the caller, one request at a time, after checking where they
    // lead (Core's RedirectPolicy): libcurl would carry a custom Authorization header along.
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    // http and https only, whatever the URL says; the bit mask for libcurl before 7.85.
    if (curl.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https") != CCURL_OK) {
        curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    }
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");  // every encoding libcurl can decode
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
    // 256 KB a read instead of 16: a 61 MB answer in 240 reads, not 3,800 (the write callback
    // still gets at most 16 KB at a time, CURL_MAX_WRITE_SIZE).
    curl.easy_setopt(handle, OPT_BUFFERSIZE, 256L * 1024);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, request->on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, request->context);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, request->on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, request->context);
    if (request->on_progress != NULL) {
        curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
        curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, progress_trampoline);
        curl.easy_setopt(handle, OPT_XFERINFODATA, request);
    }
    if (strcmp(request->method, "GET") != 0 || request->body != NULL) {
        curl.easy_setopt(handle, OPT_CUSTOMREQUEST, request->method);
        // POST, PUT and PATCH always carry a body (possibly empty), so Content-Length is sent.
        int carries_body = request->body != NULL || strcmp(request->method, "POST") == 0 ||
                           strcmp(request->method, "PUT") == 0 || strcmp(request->method, "PATCH") == 0;
        if (carries_body) {
            curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)request->body_length);
            curl.easy_setopt(handle, OPT_POSTFIELDS, request->body != NULL ? request->body : "");
        }
    }

    result->code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    if (result->code != CCURL_OK) {
        fail(result, result->code, error_buffer[0] != 0 ? error_buffer : curl.easy_strerror(result->code));
    }
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
}
