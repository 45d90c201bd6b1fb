// Nettle's SHA-256, HMAC, PBKDF2, AES-256-GCM and base64 on byte strings (see crypto.h);
// the byte helpers that need no Nettle are crypto_bytes.cpp (the browser's judge compiles that one).
#include "core/crypto.h"

#include <nettle/base64.h>
#include <nettle/gcm.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/pbkdf2.h>
#include <nettle/sha2.h>

namespace grader {

namespace {

const uint8_t* bytesOf(std::string_view text) { return reinterpret_cast<const uint8_t*>(text.data()); }
uint8_t* bytesOf(Bytes& bytes) { return reinterpret_cast<uint8_t*>(bytes.data()); }

}  // namespace

Bytes sha256(std::string_view data) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, data.size(), bytesOf(data));
    Bytes digest(SHA256_DIGEST_SIZE, '\0');
    sha256_digest(&ctx, digest.size(), bytesOf(digest));
    return digest;
}

Bytes hmacSha256(std::string_view key, std::string_view message) {
    hmac_sha256_ctx ctx;
    hmac_sha256_set_key(&ctx, key.size(), bytesOf(key));
    hmac_sha256_update(&ctx, message.size(), bytesOf(message));
    Bytes digest(SHA256_DIGEST_SIZE, '\0');
    hmac_sha256_digest(&ctx, digest.size(), bytesOf(digest));
    return digest;
}

Bytes pbkdf2Sha256(std::string_view password, std::string_view salt, unsigned iterations, size_t length) {
    Bytes key(length, '\0');
    pbkdf2_hmac_sha256(password.size(), bytesOf(password), iterations, salt.size(), bytesOf(salt), length, bytesOf(key));
    return key;
}

Bytes sealAesGcm(std::string_view key, std::string_view nonce, std::string_view plaintext) {
    gcm_aes256_ctx ctx;
    gcm_aes256_set_key(&ctx, bytesOf(key.substr(0, kAesKeyBytes)));
    gcm_aes256_set_iv(&ctx, kGcmNonceBytes, bytesOf(nonce.substr(0, kGcmNonceBytes)));
    Bytes out(kGcmNonceBytes + plaintext.size() + kGcmTagBytes, '\0');
    out.replace(0, kGcmNonceBytes, nonce.substr(0, kGcmNonceBytes));
    gcm_aes256_encrypt(&ctx, plaintext.size(), bytesOf(out) + kGcmNonceBytes, bytesOf(plaintext));
    gcm_aes256_digest(&ctx, kGcmTagBytes, bytesOf(out) + kGcmNonceBytes + plaintext.size());
    return out;
}

std::optional<Bytes> openAesGcm(std::string_view key, std::string_view sealed) {
    if (key.size() != kAesKeyBytes || sealed.size() < kGcmNonceBytes + kGcmTagBytes) return std::nullopt;
    const size_t length = sealed.size() - kGcmNonceBytes - kGcmTagBytes;
    gcm_aes256_ctx ctx;
    gcm_aes256_set_key(&ctx, bytesOf(key));
    gcm_aes256_set_iv(&ctx, kGcmNonceBytes, bytesOf(sealed));
    Bytes plain(length, '\0');
    gcm_aes256_decrypt(&ctx, length, bytesOf(plain), bytesOf(sealed) + kGcmNonceBytes);
    uint8_t tag[kGcmTagBytes];
    gcm_aes256_digest(&ctx, kGcmTagBytes, tag);
    if (!memeql_sec(tag, bytesOf(sealed) + kGcmNonceBytes + length, kGcmTagBytes)) return std::nullopt;
    return plain;
}

std::string toBase64(std::string_view bytes) {
    std::string text(BASE64_ENCODE_RAW_LENGTH(bytes.size()), '\0');
    base64_encode_raw(text.data(), bytes.size(), bytesOf(bytes));
    return text;
}

std::optional<Bytes> fromBase64(std::string_view text) {
    if (text.size() % 4) return std::nullopt;  // Nettle's decoder would take text without its padding
    base64_decode_ctx ctx;
    base64_decode_init(&ctx);
    Bytes bytes(BASE64_DECODE_LENGTH(text.size()), '\0');
    size_t length = bytes.size();
    if (!base64_decode_update(&ctx, &length, bytesOf(bytes), text.size(), text.data()) || !base64_decode_final(&ctx)) return std::nullopt;
    bytes.resize(length);
    return bytes;
}

}  // namespace grader
