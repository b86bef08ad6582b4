const REDACTED = '[redacted]';
// A provider may quote part of a key ("sk-ab…wxyz"); any token sharing this many characters with
// the key is dropped whole.
const FRAGMENT = 8;
const MAX_MESSAGE = 500;

/**
 * Removes a secret from a text meant for logs or errors: the secret itself, any word that holds a
 * fragment of it, and bearer tokens. Long provider messages are cut.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let out = text.replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
  if (secret && secret.length >= 4) {
    out = out.split(secret).join(REDACTED);
    if (secret.length >= FRAGMENT) {
      const fragments = new Set<string>();
      for (let i = 0; i + FRAGMENT <= secret.length; i += 1) {
        fragments.add(secret.slice(i, i + FRAGMENT));
      }
      out = out.replace(/[^\s"',;:()[\]{}]{8,}/g, (word) =>
        [...fragments].some((f) => word.includes(f)) ? REDACTED : word,
      );
    }
  }
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}
