import { SaxesParser } from 'saxes';

// Uploaded SVG is parsed as namespaced XML (saxes, the parser under jsdom) and passes only if every
// element and attribute is on an allow-list. A pattern match on the text cannot do this: `<x:script>`
// with `xmlns:x` bound to the SVG or XHTML namespace is a script to a browser whatever its prefix.

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Drawing elements only: no script, foreignObject, style sheets, animation (it can rewrite links). */
const SVG_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'view',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'title', 'desc', 'metadata',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]); // prettier-ignore

/** Editor metadata (Inkscape, Sodipodi, RDF/Dublin Core): browsers neither render nor run it. */
const METADATA_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
]);

/** A link may point inside the document or at an embedded raster image, nowhere else. */
const SAFE_LINK = /^(#[\w.:-]*|data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*)$/i;
/**
 * Style and presentation values (`fill="url(#g)"`) may reference only fragments, never load or run
 * anything.
 */
const UNSAFE_VALUE = /url\s*\(\s*(?!['"]?#)|expression\s*\(|javascript:|@import|behavior\s*:/i;

class Refused extends Error {}

/** True when the bytes are a well-formed SVG document made only of allowed parts. */
export function isAllowedSvg(text: string): boolean {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let depth = 0;
  let sawRoot = false;
  const refuse = () => {
    throw new Refused();
  };
  parser.on('doctype', (doctype) => {
    // An internal subset can declare entities (billion laughs, external references).
    if (doctype.includes('[')) refuse();
  });
  parser.on('processinginstruction', refuse);
  parser.on('opentag', (tag) => {
    if (depth === 0) {
      if (sawRoot || tag.uri !== SVG_NS || tag.local !== 'svg') refuse();
      sawRoot = true;
    }
    depth += 1;
    if (!elementAllowed(tag.uri ?? '', tag.local ?? '')) refuse();
    for (const attribute of Object.values(tag.attributes)) {
      if (!attributeAllowed(attribute.uri ?? '', attribute.local ?? '', attribute.value)) refuse();
    }
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('text', (text) => {
    if (depth === 0 && text.trim()) refuse();
  });
  try {
    parser.write(text).close();
    return sawRoot;
  } catch {
    return false;
  }
}

function elementAllowed(uri: string, local: string): boolean {
  if (uri === SVG_NS) return SVG_ELEMENTS.has(local);
  return METADATA_NAMESPACES.has(uri);
}

function attributeAllowed(uri: string, local: string, value: string): boolean {
  if (uri === XMLNS_NS || (uri === '' && local === 'xmlns')) return true;
  if (/^on/i.test(local)) return false;
  if (local === 'href') return (uri === '' || uri === XLINK_NS) && SAFE_LINK.test(value.trim());
  if (uri === '' || uri === XML_NS || METADATA_NAMESPACES.has(uri))
    return !UNSAFE_VALUE.test(value);
  return false;
}
