// libcurl, loaded with dlopen on the first HTTP request rather than linked: linking it (as
// FoundationNetworking does) maps libcurl and ~30 libraries at every start, and stops the Swift
// runtime from being linked statically. There is no libcurl development package on the build
// machines either, so the few declarations needed live here, and the variadic
// curl_easy_setopt is only ever called from C.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// Receives a piece of the answer's body, or one header line; returns `size * count` to go on.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
/// Called while the transfer runs (at least once a second); non-zero aborts it.
typedef int (*ccurl_progress_callback)(void *context);

typedef struct {
    const char *url;
    /// "GET", "POST", … (a body goes with every method but a GET without one)
    const char *method;
    /// "Name: value" lines.
    const char *const *headers;
    size_t header_count;
    /// NULL for no body.
    const void *body;
    size_t body_length;
    /// The longest the whole exchange may take; 0 for no limit.
    long timeout_ms;
    void *context;
    ccurl_data_callback on_body;
    ccurl_data_callback on_header;
    ccurl_progress_callback on_progress;
} ccurl_request;

/// libcurl could not be loaded (`message` says why).
#define CCURL_UNAVAILABLE (-1)

typedef struct {
    /// 0, a CURLcode, or CCURL_UNAVAILABLE.
    int code;
    /// The last answer's HTTP status (0 when none came).
    long status;
    /// libcurl's own words for what went wrong.
    char message[256];
} ccurl_result;

/// The CURLcode values the client tells apart (curl.h, stable since libcurl 7.x).
enum {
    CCURL_OK = 0,
    CCURL_UNSUPPORTED_PROTOCOL = 1,
    CCURL_URL_MALFORMAT = 3,
    CCURL_COULDNT_RESOLVE_PROXY = 5,
    CCURL_COULDNT_RESOLVE_HOST = 6,
    CCURL_COULDNT_CONNECT = 7,
    CCURL_WEIRD_SERVER_REPLY = 8,
    CCURL_PARTIAL_FILE = 18,
    CCURL_WRITE_ERROR = 23,
    CCURL_OPERATION_TIMEDOUT = 28,
    CCURL_ABORTED_BY_CALLBACK = 42,
    CCURL_GOT_NOTHING = 52,
    CCURL_SEND_ERROR = 55,
    CCURL_RECV_ERROR = 56,
    CCURL_BAD_CONTENT_ENCODING = 61,
};

/// Loads libcurl once (thread-safe); NULL when it is ready, else why it is not.
const char *ccurl_load(void);

/// Runs one request to its end on the calling thread (it blocks: call it from a thread of its
/// own, never from Swift's cooperative pool).
void ccurl_perform(const ccurl_request *request, ccurl_result *result);

#endif
