import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

// Personal data at rest (real-name certificate fields): AES-256-GCM under a key derived from
// FIELD_ENCRYPTION_KEY. A stored value is `f1.<keyId>.<base64(iv || ciphertext || tag)>`, so a row says
// which key opens it and the key can be rotated (docs/realname-and-location.md): the new key encrypts,
// FIELD_ENCRYPTION_PREVIOUS_KEYS still open older rows until identity has rewritten them.

const VERSION = 'f1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key development machines used before each machine made its own (field-key.ts). It is public
 * (it was in the source), so it is never a current key: it only opens old rows, which identity
 * rewrites under the machine's key at start, outside production.
 */
export const LEGACY_DEVELOPMENT_FIELD_KEY =
  'development-only-field-encryption-key-not-for-production';

interface FieldKey {
  id: string;
  aes: Buffer;
  index: Buffer;
}

function deriveKey(secret: string): FieldKey {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), info, 32));
  const aes = derive('platform field encryption v1');
  return {
    aes,
    index: derive('platform field index v1'),
    id: createHash('sha256').update(aes).digest('hex').slice(0, 8),
  };
}

export class FieldCipher {
  private readonly current: FieldKey;
  private readonly byId = new Map<string, FieldKey>();

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.current = deriveKey(secret);
    for (const key of [this.current, ...previousSecrets.map(deriveKey)]) {
      if (!this.byId.has(key.id)) this.byId.set(key.id, key);
    }
  }

  get keyId(): string {
    return this.current.id;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.aes, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${this.current.id}.${Buffer.concat([iv, body]).toString('base64')}`;
  }

  /** Opens a stored value; throws when its key is unknown or the value was altered. */
  decrypt(stored: string): string {
    const [version, keyId, payload] = stored.split('.');
    const key = version === VERSION ? this.byId.get(keyId) : undefined;
    if (!key || !payload) throw new Error(`field key ${keyId ?? '?'} is not configured`);
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key.aes, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Whether a stored value is under an older key (to be rewritten). */
  isStale(stored: string): boolean {
    return stored.split('.')[1] !== this.current.id;
  }

  /** Keyed digest of a value (HMAC-SHA256): finds equal ID numbers without storing them in clear. */
  digest(value: string): string {
    return createHmac('sha256', this.current.index).update(value, 'utf8').digest('hex');
  }
}

/** Opens a value the browser sealed with a one-time AES-256-GCM key (REALNAME_CIPHER in contracts). */
export function openBrowserCipher(sealed: string, key: Buffer): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** What a browser does (tests use it): seals a value with the one-time key. */
export function sealForServer(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([
    iv,
    cipher.update(plain, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]).toString('base64');
}
