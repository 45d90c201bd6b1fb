// The cryptography the student kit's sealed quiz answers need (quiz/sealed.h),
// as thin wrappers of Nettle (Debian's nettle-dev, the library libarchive
// itself links): SHA-256, HMAC-SHA-256, PBKDF2-HMAC-SHA-256 and AES-256-GCM on
// byte strings, and the hex and base64 text forms a YAML file can hold.
// The browser's judge, which has no Nettle, implements the hashing and
// encryption with imports (web/judge/browser_crypto.cpp) and shares the
// byte helpers (crypto_bytes.cpp); it has no base64.
// Non-goals: choosing keys, salts or iteration counts (the callers do);
// wiping keys from memory; any other algorithm.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace grader {

/// Raw bytes, as a std::string holds them.
using Bytes = std::string;

/// SHA-256 of `data` (32 bytes).
Bytes sha256(std::string_view data);

/// HMAC-SHA-256 of `message` under `key` (32 bytes).
Bytes hmacSha256(std::string_view key, std::string_view message);

/// PBKDF2 with HMAC-SHA-256 (RFC 8018): `length` bytes from `password` and `salt`.
Bytes pbkdf2Sha256(std::string_view password, std::string_view salt, unsigned iterations, size_t length);

/// Bytes of an AES-256-GCM key and nonce, and of its tag.
constexpr size_t kAesKeyBytes = 32, kGcmNonceBytes = 12, kGcmTagBytes = 16;

/// AES-256-GCM: the nonce, the ciphertext and the tag, in that order. `key` is kAesKeyBytes long,
/// `nonce` kGcmNonceBytes; never seal two texts under one key with one nonce.
Bytes sealAesGcm(std::string_view key, std::string_view nonce, std::string_view plaintext);

/// The plaintext of sealAesGcm's output, or nullopt when the key is wrong or a byte changed.
std::optional<Bytes> openAesGcm(std::string_view key, std::string_view sealed);

/// The bytes XORed with `pad` (as long as `bytes`; a longer pad is cut).
Bytes xorBytes(std::string_view bytes, std::string_view pad);

/// Lowercase hex of `bytes`.
std::string toHex(std::string_view bytes);

/// The bytes of lowercase or uppercase hex, or nullopt for anything else (odd length included).
std::optional<Bytes> fromHex(std::string_view hex);

/// Base64 (RFC 4648, with padding) of `bytes`.
std::string toBase64(std::string_view bytes);

/// The bytes of base64 text, or nullopt when it is not base64.
std::optional<Bytes> fromBase64(std::string_view text);

}  // namespace grader
