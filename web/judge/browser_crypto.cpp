// The hashing and encryption of core/crypto.h in the browser's judge: Nettle
// is not built for WebAssembly, so judge.wasm imports them from the page's
// JavaScript (web/src/judge_crypto.mjs: @noble/hashes and @noble/ciphers,
// synchronous, bundled at build time). The byte helpers (XOR, hex) are the
// grader's own core/crypto_bytes.cpp; the sealed quiz reaches the judge as
// JSON with its bytes in hex, so base64 is not needed here.
// tests/web/quiz_verdicts.mjs compares the sealed quiz's verdicts and worked
// answers, which all four functions decide, with the native grader's.
// Non-goals: base64; keys kept away from JavaScript.
#include <cstdint>

#include "core/crypto.h"

extern "C" {
__attribute__((import_module("grader"), import_name("sha256"))) void grader_sha256(const char* data, size_t length, char* digest);
__attribute__((import_module("grader"), import_name("hmac_sha256"))) void grader_hmac_sha256(const char* key, size_t keyLength, const char* message,
                                                                                          size_t messageLength, char* digest);
__attribute__((import_module("grader"), import_name("pbkdf2_sha256"))) void grader_pbkdf2_sha256(const char* password, size_t passwordLength,
                                                                                              const char* salt, size_t saltLength,
                                                                                              uint32_t iterations, char* key, size_t keyLength);
/// AES-256-GCM: `out` gets the ciphertext and the tag (length + 16 bytes).
__attribute__((import_module("grader"), import_name("aes_gcm_seal"))) void grader_aes_gcm_seal(const char* key, const char* nonce, const char* plain,
                                                                                            size_t length, char* out);
/// AES-256-GCM: `out` gets the plaintext (length - 16 bytes) of ciphertext and tag; 0 when the tag does not match.
__attribute__((import_module("grader"), import_name("aes_gcm_open"))) int grader_aes_gcm_open(const char* key, const char* nonce, const char* sealed,
                                                                                           size_t length, char* out);
}

namespace grader {

namespace {

constexpr size_t kDigestBytes = 32;

}  // namespace

Bytes sha256(std::string_view data) {
    Bytes digest(kDigestBytes, '\0');
    grader_sha256(data.data(), data.size(), digest.data());
    return digest;
}

Bytes hmacSha256(std::string_view key, std::string_view message) {
    Bytes digest(kDigestBytes, '\0');
    grader_hmac_sha256(key.data(), key.size(), message.data(), message.size(), digest.data());
    return digest;
}

Bytes pbkdf2Sha256(std::string_view password, std::string_view salt, unsigned iterations, size_t length) {
    Bytes key(length, '\0');
    grader_pbkdf2_sha256(password.data(), password.size(), salt.data(), salt.size(), iterations, key.data(), length);
    return key;
}

Bytes sealAesGcm(std::string_view key, std::string_view nonce, std::string_view plaintext) {
    const Bytes k(key.substr(0, kAesKeyBytes)), n(nonce.substr(0, kGcmNonceBytes));
    Bytes out(kGcmNonceBytes + plaintext.size() + kGcmTagBytes, '\0');
    out.replace(0, kGcmNonceBytes, n);
    grader_aes_gcm_seal(k.data(), n.data(), plaintext.data(), plaintext.size(), out.data() + kGcmNonceBytes);
    return out;
}

std::optional<Bytes> openAesGcm(std::string_view key, std::string_view sealed) {
    if (key.size() != kAesKeyBytes || sealed.size() < kGcmNonceBytes + kGcmTagBytes) return std::nullopt;
    Bytes plain(sealed.size() - kGcmNonceBytes - kGcmTagBytes, '\0');
    if (!grader_aes_gcm_open(key.data(), sealed.data(), sealed.data() + kGcmNonceBytes, sealed.size() - kGcmNonceBytes, plain.data()))
        return std::nullopt;
    return plain;
}

}  // namespace grader
