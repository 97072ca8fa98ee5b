#!/usr/bin/env python3
"""Checks Hush's crypto test vectors with an implementation written only from docs/protocol.md.

Usage: python3 scripts/check_vectors.py [VECTOR_FOLDER]   (default: src/shared/crypto)

The standard library gives SHA-256, HMAC (so HKDF), base64 and Unicode normalisation; AES-GCM, X25519 and
Argon2id come from the `cryptography` package (Argon2id from its version 44, or from `argon2-cffi` beside an older
one). Exit status: 0 every vector reproduced, 1 a vector differs, 2 a module is missing (nothing was checked).
"""

import base64
import hashlib
import hmac
import json
import struct
import sys
import unicodedata
from pathlib import Path

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
except ImportError:
    print("check_vectors: the Python module `cryptography` is missing (Debian: apt-get install python3-cryptography)")
    sys.exit(2)

try:
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

    def argon2id(password, salt, memory_kib, iterations, parallelism):
        kdf = Argon2id(salt=salt, length=32, iterations=iterations, lanes=parallelism, memory_cost=memory_kib)
        return kdf.derive(password)

    ARGON2 = "cryptography"
except ImportError:
    try:
        from argon2.low_level import Type, hash_secret_raw

        def argon2id(password, salt, memory_kib, iterations, parallelism):
            return hash_secret_raw(password, salt, iterations, memory_kib, parallelism, 32, Type.ID, 0x13)

        ARGON2 = "argon2-cffi"
    except ImportError:
        print(
            "check_vectors: Argon2id is missing: `cryptography` 44 or later, or `argon2-cffi` "
            "(Debian: apt-get install python3-argon2)"
        )
        sys.exit(2)

import cryptography  # noqa: E402 (only for the report line)

# §1 Conventions


def b64u_decode(text):
    """base64url without padding; refuses other characters, a length of 1 mod 4 and non-canonical text."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if any(c not in alphabet for c in text) or len(text) % 4 == 1:
        raise ValueError("not base64url: %r" % text)
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64u_encode(data) != text:
        raise ValueError("non-canonical base64url: %r" % text)
    return data


def b64u_encode(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def hkdf(ikm, info, salt=b"", length=32):
    """HKDF-SHA256 (RFC 5869); an empty salt is the zero-length string."""
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def utf8(text):
    return text.encode("utf-8")


# §2 A secret's keys

V1_COST = (65536, 3, 1)  # memory KiB, iterations, parallelism


def derive_keys(key, password):
    k_url = b64u_decode(key)
    assert len(k_url) == 32
    if password:
        salt = hkdf(k_url, b"hush/v1/salt", length=16)
        k_pw = argon2id(utf8(unicodedata.normalize("NFKC", password)), salt, *V1_COST)
        ikm = k_url + k_pw
        header = bytes([1, 1]) + struct.pack(">I", V1_COST[0]) + bytes([V1_COST[1], V1_COST[2]])
    else:
        ikm = k_url
        header = bytes([1, 0])
    return {
        "ikm": ikm,
        "content_key": hkdf(ikm, b"hush/v1/content"),
        "password_verifier": b64u_encode(hkdf(ikm, b"hush/v1/password")) if password else None,
        "key_proof": b64u_encode(hkdf(k_url, b"hush/v1/proof")),
        "header": header,
    }


# §3 Envelope v1


def seal(keys, field, plaintext, iv):
    aad = utf8("hush/v1/" + field + "|") + keys["header"]
    body = AESGCM(keys["content_key"]).encrypt(iv, plaintext, aad)
    return "hush1." + b64u_encode(keys["header"] + iv + body)


def open_envelope(keys, field, envelope):
    assert envelope.startswith("hush1.")
    raw = b64u_decode(envelope[len("hush1.") :])
    assert raw[0] == 1
    header_length = {0: 2, 1: 8}[raw[1]]
    header, iv, body = raw[:header_length], raw[header_length : header_length + 12], raw[header_length + 12 :]
    return AESGCM(keys["content_key"]).decrypt(iv, body, utf8("hush/v1/" + field + "|") + header)


# §4 File stream v1


def encrypt_stream(ikm, file_index, chunk_size, salt, nonce_prefix, plaintext):
    header = bytes([1]) + struct.pack(">I", chunk_size) + salt + nonce_prefix
    assert len(header) == 28
    file_key = hkdf(ikm, utf8("hush/v1/file:%d|" % file_index) + header, salt=salt)
    aead = AESGCM(file_key)
    n = len(plaintext) // chunk_size + 1
    out = [header]
    for k in range(n):
        chunk = plaintext[k * chunk_size : (k + 1) * chunk_size]
        nonce = nonce_prefix + struct.pack(">I", k) + bytes([1 if k == n - 1 else 0])
        out.append(aead.encrypt(nonce, chunk, None))
    return b"".join(out)


# §5 Requests


def x25519_private(hex_key):
    return X25519PrivateKey.from_private_bytes(bytes.fromhex(hex_key))


def raw_public(private_key):
    return private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


# The vectors (§8)

failures = []


def check(name, got, expected):
    if got != expected:
        failures.append("%s: got %r, expected %r" % (name, got, expected))


def check_envelopes(vectors):
    for index, v in enumerate(vectors):
        name = "vectors.json[%d]" % index
        keys = derive_keys(v["key"], v["password"])
        plaintext = b64u_decode(v["plaintextBase64"]) if "plaintextBase64" in v else utf8(v["plaintext"])
        check(name + " envelope", seal(keys, v["field"], plaintext, b64u_decode(v["iv"])), v["envelope"])
        check(name + " opens", open_envelope(keys, v["field"], v["envelope"]), plaintext)
        check(name + " keyProof", keys["key_proof"], v["keyProof"])
        check(name + " passwordVerifier", keys["password_verifier"], v["passwordVerifier"])
    return len(vectors)


def check_files(vectors):
    count = 0
    for index, v in enumerate(vectors["streams"]):
        keys = derive_keys(v["key"], v["password"])
        stream = encrypt_stream(
            keys["ikm"],
            v["fileIndex"],
            v["chunkSize"],
            b64u_decode(v["salt"]),
            b64u_decode(v["noncePrefix"]),
            b64u_decode(v["plaintext"]),
        )
        check("file-vectors.json streams[%d]" % index, b64u_encode(stream), v["stream"])
        count += 1
    large = vectors["large"]
    keys = derive_keys(large["key"], large["password"])
    plaintext = bytes(i % 251 for i in range(large["plaintextLength"]))
    stream = encrypt_stream(
        keys["ikm"],
        large["fileIndex"],
        large["chunkSize"],
        b64u_decode(large["salt"]),
        b64u_decode(large["noncePrefix"]),
        plaintext,
    )
    check("file-vectors.json large length", len(stream), large["streamLength"])
    check("file-vectors.json large sha256", b64u_encode(hashlib.sha256(stream).digest()), large["streamSha256"])
    count += 1
    for index, v in enumerate(vectors["metas"]):
        keys = derive_keys(v["key"], v["password"])
        meta = v["meta"]
        details = json.dumps(
            {"name": meta["name"], "type": meta["type"], "size": meta["size"]},
            separators=(",", ":"),
            ensure_ascii=False,
        )
        field = "file:%d:meta" % v["fileIndex"]
        check("file-vectors.json metas[%d]" % index, seal(keys, field, utf8(details), b64u_decode(v["iv"])), v["envelope"])
        count += 1
    return count


def check_requests(v):
    requester = x25519_private(v["requesterPrivateHex"])
    ephemeral = x25519_private(v["ephemeralPrivateHex"])
    p_raw, e_raw = raw_public(requester), raw_public(ephemeral)
    check("request requesterPublic", b64u_encode(p_raw), v["requesterPublic"])
    check("request ephemeralPublic", b64u_encode(e_raw), v["ephemeralPublic"])
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(p_raw))
    check("request shared secret (responder)", shared.hex(), v["sharedSecretHex"])
    check("request shared secret (requester)", requester.exchange(X25519PublicKey.from_public_bytes(e_raw)), shared)
    fingerprint = b64u_encode(hashlib.sha256(utf8("hush/v1/request-key|") + p_raw).digest())
    check("request fingerprint", fingerprint, v["fingerprint"])
    salt = utf8(v["requestId"])
    k_r = hkdf(shared, utf8("hush/v1/request-response|") + e_raw + p_raw, salt=salt)
    check("request responseKey", b64u_encode(k_r), v["responseKey"])
    keys = derive_keys(b64u_encode(k_r), None)
    check("request responseKeyProof", keys["key_proof"], v["responseKeyProof"])
    envelope = seal(keys, "text", utf8(v["text"]), bytes.fromhex(v["textIvHex"]))
    check("request textEnvelope", envelope, v["textEnvelope"])
    details = hkdf(b64u_decode(v["inboxKey"]), b"hush/v1/request-details", salt=salt)
    check("request detailsKey", b64u_encode(details), v["detailsKey"])
    return 1


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "src/shared/crypto")
    load = lambda name: json.loads((folder / name).read_text(encoding="utf-8"))  # noqa: E731
    counts = {
        "envelopes": check_envelopes(load("vectors.json")),
        "files": check_files(load("file-vectors.json")),
        "requests": check_requests(load("request-vectors.json")),
    }
    summary = ", ".join("%d %s" % (n, what) for what, n in counts.items())
    print(
        "check_vectors: Python %s, cryptography %s, Argon2id from %s"
        % (sys.version.split()[0], cryptography.__version__, ARGON2)
    )
    if failures:
        for failure in failures:
            print("FAIL " + failure)
        print("check_vectors: %d of the checks failed (%s)" % (len(failures), summary))
        return 1
    print("check_vectors: every vector reproduced (%s)" % summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
