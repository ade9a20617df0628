// libcrypto, loaded with dlopen on first use (see Docs/performance.md, "The first frame"):
// linked, its 4.7 MB and relocations cost about 0.7 ms at every start, before the first frame,
// though the app needs it only when the store opens or a token is signed.
//
// Swift calls the OpenSSL functions by their own names, as declared by OpenSSL's headers
// below; Sources/COpenSSL/LazyLibcrypto.c defines each of them (hidden, so nothing else in the
// process binds to them) as a call through a pointer found with dlsym. Only the functions
// defined there may be used: any other is an undefined symbol at link time.
#ifndef COPENSSL_H
#define COPENSSL_H

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
#include <openssl/err.h>

/// NULL once libcrypto is loaded (loading it if needed), else why it could not be. Every
/// function fails (returns 0 or NULL) while it cannot be loaded.
const char *copenssl_load_error(void);

#endif
