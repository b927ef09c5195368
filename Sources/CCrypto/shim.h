// OpenSSL's libcrypto: PBKDF2-HMAC-SHA256, AES-256-GCM, HMAC and the random bytes for salts and nonces.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
