#ifndef CHALLENGE_TUI_COPENSSL_SHIM_H
#define CHALLENGE_TUI_COPENSSL_SHIM_H

// libcrypto only: AES-256-GCM (EVP), RAND_bytes, PBKDF2-HMAC-SHA256, HMAC-SHA256.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
#include <openssl/err.h>

#endif
