// The OpenSSL functions the app uses, each forwarding to libcrypto.so.3 loaded on first use.
// See include/COpenSSL.h for why.
//
// The C library's headers come first, with their normal visibility: OpenSSL's headers include
// them, and a libc function declared hidden could not be linked.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <inttypes.h>
#include <sys/types.h>

// Hidden visibility: these definitions are the executable's own and must not interpose on the
// real ones for libcrypto itself or for libcurl, which loads libcrypto too.
#pragma GCC visibility push(hidden)
#include "COpenSSL.h"
#pragma GCC visibility pop

// The pointer table: one field per function, named as the function.
#define LIBCRYPTO_FUNCTIONS(X)                                                                                     \
    X(int, CRYPTO_memcmp, (const void *a, const void *b, size_t n), (a, b, n), 1)                                 \
    X(void, ERR_clear_error, (void), (), )                                                                          \
    X(void, ERR_error_string_n, (unsigned long e, char *buf, size_t len), (e, buf, len), )                          \
    X(unsigned long, ERR_get_error, (void), (), 0)                                                                  \
    X(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void), (), NULL)                                                       \
    X(void, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX * c), (c), )                                                      \
    X(int, EVP_CIPHER_CTX_ctrl, (EVP_CIPHER_CTX * c, int type, int arg, void *ptr), (c, type, arg, ptr), 0)        \
    X(int, EVP_EncryptInit_ex,                                                                                      \
      (EVP_CIPHER_CTX * c, const EVP_CIPHER *cipher, ENGINE *impl, const unsigned char *key, const unsigned char *iv), \
      (c, cipher, impl, key, iv), 0)                                                                                \
    X(int, EVP_EncryptUpdate, (EVP_CIPHER_CTX * c, unsigned char *out, int *outl, const unsigned char *in, int inl), \
      (c, out, outl, in, inl), 0)                                                                                   \
    X(int, EVP_EncryptFinal_ex, (EVP_CIPHER_CTX * c, unsigned char *out, int *outl), (c, out, outl), 0)            \
    X(int, EVP_DecryptInit_ex,                                                                                      \
      (EVP_CIPHER_CTX * c, const EVP_CIPHER *cipher, ENGINE *impl, const unsigned char *key, const unsigned char *iv), \
      (c, cipher, impl, key, iv), 0)                                                                                \
    X(int, EVP_DecryptUpdate, (EVP_CIPHER_CTX * c, unsigned char *out, int *outl, const unsigned char *in, int inl), \
      (c, out, outl, in, inl), 0)                                                                                   \
    X(int, EVP_DecryptFinal_ex, (EVP_CIPHER_CTX * c, unsigned char *out, int *outl), (c, out, outl), 0)            \
    X(const EVP_CIPHER *, EVP_aes_256_gcm, (void), (), NULL)                                                        \
    X(const EVP_MD *, EVP_sha256, (void), (), NULL)                                                                 \
    X(int, EVP_Digest,                                                                                              \
      (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl),   \
      (data, count, md, size, type, impl), 0)                                                                       \
    X(unsigned char *, HMAC,                                                                                        \
      (const EVP_MD *md, const void *key, int key_len, const unsigned char *d, size_t n, unsigned char *out,        \
       unsigned int *out_len),                                                                                      \
      (md, key, key_len, d, n, out, out_len), NULL)                                                                 \
    X(int, PKCS5_PBKDF2_HMAC,                                                                                       \
      (const char *pass, int passlen, const unsigned char *salt, int saltlen, int iter, const EVP_MD *digest,       \
       int keylen, unsigned char *out),                                                                             \
      (pass, passlen, salt, saltlen, iter, digest, keylen, out), 0)                                                 \
    X(int, RAND_bytes, (unsigned char *buf, int num), (buf, num), 0)

#define FIELD(result, name, parameters, arguments, failure) result(*name) parameters;
static struct {
    LIBCRYPTO_FUNCTIONS(FIELD)
} crypto;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256] = "libcrypto was not loaded";

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "libcrypto.so.3 could not be loaded (install libssl3): %s", dlerror());
        return;
    }
#define LOOKUP(result, name, parameters, arguments, failure)                                            \
    *(void **)&crypto.name = dlsym(library, #name);                                                      \
    if (crypto.name == NULL) {                                                                           \
        snprintf(load_error, sizeof load_error, "libcrypto.so.3 has no %s", #name);                    \
        return;                                                                                          \
    }
    LIBCRYPTO_FUNCTIONS(LOOKUP)
    load_error[0] = 0;
}

const char *copenssl_load_error(void) {
    pthread_once(&load_once, load);
    return load_error[0] != 0 ? load_error : NULL;
}

// Each function: load if needed, then call through; while libcrypto can't be loaded, the
// function's own failure value (0 or NULL; nothing for void).
#define FORWARD(result, name, parameters, arguments, failure)           \
    result name parameters {                                           \
        if (copenssl_load_error() != NULL) return failure;             \
        return crypto.name arguments;                                  \
    }
LIBCRYPTO_FUNCTIONS(FORWARD)
