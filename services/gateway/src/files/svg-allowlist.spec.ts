import { describe, expect, it } from 'vitest';

import { isAllowedSvg } from './svg-allowlist';

const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>`;

describe('SVG allow-list', () => {
  it('should accept drawings, gradients, fragment links, embedded rasters and editor metadata', () => {
    expect(isAllowedSvg(svg('<circle r="1" fill="url(#g)"/>'))).toBe(true);
    expect(
      isAllowedSvg(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n' +
          '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
          svg(
            '<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>' +
              '<use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>' +
              '<sodipodi:namedview/><text style="fill:red">Hi</text>',
            'xmlns:xlink="http://www.w3.org/1999/xlink" ' +
              'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"',
          ),
      ),
    ).toBe(true);
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    [
      'a namespaced script element',
      svg('<x:script>alert(1)</x:script>', 'xmlns:x="http://www.w3.org/2000/svg"'),
    ],
    [
      'an XHTML script under another prefix',
      svg('<h:script>alert(1)</h:script>', 'xmlns:h="http://www.w3.org/1999/xhtml"'),
    ],
    ['a foreignObject', svg('<foreignObject><div/></foreignObject>')],
    ['an event handler', svg('<rect/>', 'onload="alert(1)"')],
    ['a namespaced event handler', svg('<rect e:onclick="x"/>', 'xmlns:e="urn:evil"')],
    ['a javascript link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an external link', svg('<use href="https://evil.example/x.svg#a"/>')],
    ['an animation rewriting a link', svg('<set attributeName="href" to="javascript:alert(1)"/>')],
    [
      'an external url in a presentation attribute',
      svg('<rect fill="url(https://evil.example/p)"/>'),
    ],
    ['a style sheet import', svg('<rect style="background:url(https://evil.example/p)"/>')],
    ['a style element', svg('<style>@import url(x)</style>')],
    ['an internal DTD subset', '<!DOCTYPE svg [<!ENTITY a "b">]>' + svg('<rect/>')],
    ['a processing instruction', '<?xml-stylesheet href="x.xsl"?>' + svg('<rect/>')],
    ['a root in another namespace', '<svg><rect/></svg>'],
    ['an HTML document', '<html><body><script>alert(1)</script></body></html>'],
    ['malformed XML', svg('<rect>')],
    ['an unknown namespace element', svg('<z:thing/>', 'xmlns:z="urn:z"')],
  ])('should refuse %s', (_name, text) => {
    expect(isAllowedSvg(text)).toBe(false);
  });
});
