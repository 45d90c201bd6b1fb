// The hashing and encryption judge.wasm imports (web/judge/browser_crypto.cpp:
// core/crypto.h's functions, which Nettle gives the native grader): SHA-256,
// HMAC-SHA-256, PBKDF2-HMAC-SHA-256 and AES-256-GCM from @noble/hashes and
// @noble/ciphers, synchronous (the judge calls them in the middle of its
// grading), bundled at build time. One PBKDF2 of a sealed answer (20,000
// iterations) takes about 50 ms in node.
// Non-goals: WebCrypto (asynchronous: the judge cannot wait for it); keys kept
// from JavaScript.
import { gcm } from '@noble/ciphers/aes.js';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';

const TAG_BYTES = 16, KEY_BYTES = 32, NONCE_BYTES = 12;

/// The imports of module "grader" that judge.wasm's crypto needs; memory(): the instance's memory, read when called.
export function cryptoImports(memory) {
  const bytes = (at, length) => new Uint8Array(memory().buffer, at, length).slice();
  const put = (at, data) => new Uint8Array(memory().buffer, at, data.length).set(data);
  return {
    sha256: (data, length, out) => put(out, sha256(bytes(data, length))),
    hmac_sha256: (key, keyLength, message, messageLength, out) => put(out, hmac(sha256, bytes(key, keyLength), bytes(message, messageLength))),
    pbkdf2_sha256: (password, passwordLength, salt, saltLength, iterations, out, length) =>
      put(out, pbkdf2(sha256, bytes(password, passwordLength), bytes(salt, saltLength), { c: iterations, dkLen: length })),
    aes_gcm_seal: (key, nonce, plain, length, out) => put(out, gcm(bytes(key, KEY_BYTES), bytes(nonce, NONCE_BYTES)).encrypt(bytes(plain, length))),
    aes_gcm_open: (key, nonce, sealed, length, out) => {
      if (length < TAG_BYTES) return 0;
      try {
        put(out, gcm(bytes(key, KEY_BYTES), bytes(nonce, NONCE_BYTES)).decrypt(bytes(sealed, length)));
        return 1;
      } catch {
        return 0;  // the tag does not match: a wrong key or a changed byte
      }
    },
  };
}
