// The cryptography wrappers against published test vectors (FIPS 180-2,
// RFC 4231, RFC 7914, the GCM specification's test cases), and what their
// text forms refuse.
#include <doctest/doctest.h>

#include "core/crypto.h"

using namespace grader;

namespace {

Bytes hex(const std::string& text) {
    auto bytes = fromHex(text);
    REQUIRE(bytes.has_value());
    return *bytes;
}

}  // namespace

TEST_CASE("SHA-256 and HMAC-SHA-256 give the published digests") {
    CHECK(toHex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(toHex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(toHex(hmacSha256("Jefe", "what do ya want for nothing?")) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST_CASE("PBKDF2-HMAC-SHA-256 gives RFC 7914's key") {
    CHECK(toHex(pbkdf2Sha256("passwd", "salt", 1, 64)) ==
          "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
    CHECK(pbkdf2Sha256("passwd", "salt", 2, 32) != pbkdf2Sha256("passwd", "salt", 1, 32));
}

TEST_CASE("AES-256-GCM gives the specification's ciphertext and tag, and opens only what it sealed") {
    const Bytes key(kAesKeyBytes, '\0'), nonce(kGcmNonceBytes, '\0');
    CHECK(toHex(sealAesGcm(key, nonce, Bytes(16, '\0'))) ==
          "000000000000000000000000" "cea7403d4d606b6e074ec5d3baf39d18" "d0d1c8a799996bf0265b98b5d48ab919");
    CHECK(toHex(sealAesGcm(key, nonce, "")) == "000000000000000000000000" "530f8afbc74536b9a963b4f1c4cb738b");

    const Bytes otherKey = sha256("key"), otherNonce = sha256("nonce").substr(0, kGcmNonceBytes);
    const Bytes sealed = sealAesGcm(otherKey, otherNonce, "Load, sync, compute.");
    CHECK(sealed.find("Load") == std::string::npos);
    CHECK(openAesGcm(otherKey, sealed) == std::optional<Bytes>("Load, sync, compute."));
    CHECK_FALSE(openAesGcm(key, sealed).has_value());  // another key
    for (size_t at : {size_t{0}, kGcmNonceBytes + 3, sealed.size() - 1}) {  // a changed nonce, ciphertext or tag
        Bytes changed = sealed;
        changed[at] = static_cast<char>(changed[at] ^ 1);
        CHECK_FALSE(openAesGcm(otherKey, changed).has_value());
    }
    CHECK_FALSE(openAesGcm(otherKey, sealed.substr(0, kGcmNonceBytes + kGcmTagBytes - 1)).has_value());  // too short
    CHECK_FALSE(openAesGcm(otherKey.substr(1), sealed).has_value());                                    // a short key
}

TEST_CASE("XOR with a pad undoes itself") {
    const Bytes key = sha256("key"), pad = hmacSha256("salt", "reveal");
    CHECK(xorBytes(key, pad) != key);
    CHECK(xorBytes(xorBytes(key, pad), pad) == key);
    CHECK(xorBytes("ab", Bytes(5, '\0')) == "ab");
}

TEST_CASE("hex and base64 read back what they write and refuse anything else") {
    const Bytes bytes = hex("00ff10AB");
    CHECK(toHex(bytes) == "00ff10ab");
    CHECK_FALSE(fromHex("abc").has_value());
    CHECK_FALSE(fromHex("zz").has_value());
    CHECK(toBase64("any carnal pleas") == "YW55IGNhcm5hbCBwbGVhcw==");
    for (const Bytes& text : {Bytes(""), Bytes("a"), Bytes("ab"), Bytes("abc"), bytes, sha256("x")}) CHECK(fromBase64(toBase64(text)) == text);
    CHECK_FALSE(fromBase64("YW55IGNhcm5hbCBwbGVhcw").has_value());  // no padding
    CHECK_FALSE(fromBase64("YW55*GNh").has_value());
}
