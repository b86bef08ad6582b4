import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { REALNAME_CIPHER } from '@platform/contracts';

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * Seals a field for POST /ali/identity/certify (spec: certName and certNo AES encrypted): base64 of
 * iv ‖ AES-256-GCM ciphertext ‖ tag under the server's one-time key. Pure JavaScript (no WebCrypto),
 * so it also works on a plain-HTTP address, which is not a secure context.
 */
export function sealField(plain: string, keyBase64: string): string {
  const iv = randomBytes(REALNAME_CIPHER.ivBytes);
  const sealed = gcm(fromBase64(keyBase64), iv).encrypt(utf8ToBytes(plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}
