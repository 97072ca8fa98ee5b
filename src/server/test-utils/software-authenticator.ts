import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for server tests: it makes real ES256 key pairs and answers registration
 * and sign-in options the way a browser with a platform authenticator does (attestation "none", discoverable
 * credentials kept per relying party), so the server's verification runs on genuine bytes. Tests may also ask it to
 * misbehave the ways attackers and broken authenticators do: a wrong origin, a bad signature, a counter set back.
 */

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64u = (text: string) => Buffer.from(text, 'base64url');
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** The COSE form of an ES256 public key, as the authenticator data carries it (and the server stores it). */
export function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, fromB64u(jwk.x!)],
      [-3, fromB64u(jwk.y!)],
    ]),
  );
}

export interface SoftCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface SigninOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface Misbehaviour {
  /** The page's origin the browser reports; default: the authenticator's. */
  origin?: string;
  /** Flip a bit of the signature. */
  badSignature?: boolean;
  /** Report this counter instead of the next one (a cloned authenticator's is behind). */
  counter?: number;
  /** Answer with this credential, whatever the options allow. */
  credential?: SoftCredential;
  /** The user was not verified (no PIN, no fingerprint): the UV flag is off. */
  unverified?: boolean;
}

// Flags of authenticator data: user present, user verified, backup eligible, backed up, attested credential data.
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export function createSoftwareAuthenticator(defaults: { origin: string; rpId?: string }) {
  const credentials: SoftCredential[] = [];
  const rpIdOf = (given?: string) => given ?? defaults.rpId ?? new URL(defaults.origin).hostname;
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (counter: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(counter);
    return out;
  };

  return {
    credentials,

    /** navigator.credentials.create(): a new ES256 discoverable credential, attestation "none". */
    register(options: RegistrationOptionsJSON, misbehave: Misbehaviour = {}) {
      const rpId = rpIdOf(options.rp.id);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: SoftCredential = {
        id: randomBytes(32),
        rpId,
        userHandle: options.user.id,
        privateKey,
        publicKey,
        counter: 0,
      };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        sha(rpId),
        Buffer.from([UP | (misbehave.unverified ? 0 : UV) | BE | BS | AT]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credential.id,
        coseKeyOf(publicKey),
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      credentials.push(credential);
      return {
        credential,
        response: {
          id: b64u(credential.id),
          rawId: b64u(credential.id),
          type: 'public-key' as const,
          response: {
            clientDataJSON: b64u(clientData('webauthn.create', options.challenge, misbehave.origin ?? defaults.origin)),
            attestationObject: b64u(attestationObject),
            transports: ['internal'],
          },
          authenticatorAttachment: 'platform' as const,
          clientExtensionResults: {},
        },
      };
    },

    /** navigator.credentials.get(): an assertion by an allowed credential, or by any discoverable one of the RP. */
    authenticate(options: SigninOptionsJSON, misbehave: Misbehaviour = {}) {
      const rpId = rpIdOf(options.rpId);
      const allowed = options.allowCredentials?.map((descriptor) => descriptor.id);
      const credential =
        misbehave.credential ??
        credentials.find((c) => c.rpId === rpId && (!allowed?.length || allowed.includes(b64u(c.id))));
      if (!credential) throw new Error('no credential of this authenticator fits the options');
      credential.counter += 1;
      const counter = misbehave.counter ?? credential.counter;
      const authData = Buffer.concat([
        sha(rpId),
        Buffer.from([UP | (misbehave.unverified ? 0 : UV) | BE | BS]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, misbehave.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha(clientDataJSON)]), credential.privateKey);
      if (misbehave.badSignature) signature[signature.length - 1]! ^= 0x01;
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
