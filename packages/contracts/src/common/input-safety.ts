// Input that cannot hurt (issue 25): the limits every request body meets at the gateway, and the link
// rule of in-app messages and notices. One definition, used by the gateway, the services' DTOs and the web.

/** Deepest nesting of objects and arrays a JSON body may have; deeper bodies are refused before parsing. */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when a JSON text nests objects and arrays deeper than `limit`, by one linear scan that skips
 * strings (a bracket inside a string does not count). Iterative: it cannot overflow the stack however
 * deep the text is, and it stops at the first level past the limit.
 */
export function jsonNestingExceeds(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return false;
}

// A NUL or any surrogate: the cheap first look; only a string holding one is examined closely.
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const SUSPECT_TEXT = /[\u0000\ud800-\udfff]/;
// A NUL, a high surrogate without its low half, or a low surrogate without its high half.
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string holds a NUL character or an unpaired surrogate (not valid Unicode text). */
export function hasUnsafeText(value: string): boolean {
  return SUSPECT_TEXT.test(value) && UNSAFE_TEXT.test(value);
}

/**
 * The first string (value or key) in a parsed JSON value that holds unsafe text, or undefined.
 * Iterative (an explicit stack, filled one by one: spreading a huge array would overflow), so it is
 * safe on any size and depth the parser let through.
 */
export function findUnsafeText(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (hasUnsafeText(value)) return value;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (hasUnsafeText(key)) return key;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return undefined;
}

/** In-app path: one leading slash, not two (`//host` is a protocol-relative link to another site). */
const IN_APP_PATH = /^\/(?![/\\])/;
const WEB_LINK = /^https?:\/\/[^\s/?#\\]+/i;

/**
 * The only links a message or a notice may carry: `http(s)://host…` or an in-app path `/…`.
 * `javascript:`, `data:`, `vbscript:`, protocol-relative `//host` and anything else are refused.
 * Control characters and whitespace are refused too (browsers strip them, so `java\tscript:` would run).
 */
export function isSafeLink(link: unknown): link is string {
  if (typeof link !== 'string' || link.length === 0) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(link)) return false;
  return IN_APP_PATH.test(link) || WEB_LINK.test(link);
}

// `href="…"`, `href='…'` or an unquoted `href=…` of any tag in rich text.
const HREF_ATTRIBUTE = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, ' ')
    .replace(/&amp;/gi, '&');
}

/** A link of rich text: what isSafeLink allows, plus `mailto:` and a `#fragment` on the same page. */
export function isSafeRichTextLink(link: string): boolean {
  return isSafeLink(link) || /^mailto:[^\s]+$/i.test(link) || /^#[\w-]*$/.test(link);
}

/**
 * The first `href` of rich text (a notice) that is not a safe link, or undefined. The server's HTML
 * sanitiser removes such links anyway; this lets the author hear why instead of losing them silently.
 */
export function findUnsafeHtmlLink(html: string): string | undefined {
  for (const match of html.matchAll(HREF_ATTRIBUTE)) {
    const link = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!isSafeRichTextLink(link)) return link;
  }
  return undefined;
}
