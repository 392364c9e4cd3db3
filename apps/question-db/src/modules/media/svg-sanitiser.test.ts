import { describe, expect, it } from 'vitest';
import { sanitiseSvg, UnsafeSvgError } from './svg-sanitiser';

const wrap = (inner: string, attributes = 'width="20" height="10"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${inner}</svg>`;

describe('SVG sanitising', () => {
  it('keeps drawing elements, their presentation attributes, and local references', () => {
    const { svg } = sanitiseSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
          '<rect x="1" y="1" width="5" height="5" fill="url(#g)" style="stroke: blue"/>' +
          '<use xlink:href="#g"/><text x="0" y="9">a &lt; b</text>',
      ),
    );
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<rect x="1" y="1" width="5" height="5" fill="url(#g)" style="stroke: blue"/>' +
        '<use xlink:href="#g"/><text x="0" y="9">a &lt; b</text></svg>',
    );
  });

  it('removes scripts, HTML, event handlers and script URLs', () => {
    const { svg } = sanitiseSvg(
      wrap(
        '<script>alert(1)</script><script><![CDATA[alert(2)]]></script>' +
          '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>' +
          '<circle r="4" onload="alert(4)" onclick="alert(5)"/>' +
          '<a href="javascript:alert(6)"><rect width="1" height="1"/></a>' +
          '<image href="java&#9;script:alert(7)"/>' +
          '<set attributeName="href" to="javascript:alert(8)"/>',
        'onload="alert(9)"',
      ),
    );
    expect(svg).not.toMatch(/alert|script|foreignObject|onload|onclick|onerror|<a\b|<set/i);
    expect(svg).toContain('<circle r="4"/>');
  });

  it('drops references outside the document and data URLs other than raster images', () => {
    const { svg } = sanitiseSvg(
      wrap(
        '<image xlink:href="http://evil.example/track.png" width="1" height="1"/>' +
          '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>' +
          '<image href="data:image/svg+xml;base64,PHN2Zz4=" width="2" height="2"/>' +
          '<use href="other.svg#icon"/><use xlink:href="#local"/>' +
          '<rect fill="url(http://evil.example/x)" stroke="url(#ok)" width="1" height="1"/>' +
          '<style>@import url(http://evil.example/a.css); rect { fill: red }</style>' +
          '<style>rect { fill: url(#ok) }</style>' +
          '<circle style="fill: url(\'https://evil.example/p\')" r="1"/>' +
          '<circle style="background: u\\72l(x)" r="2"/>',
      ),
    );
    expect(svg).not.toContain('evil.example');
    expect(svg).not.toContain('svg+xml');
    expect(svg).not.toContain('other.svg');
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(svg).toContain('<use xlink:href="#local"/>');
    expect(svg).toContain('<rect stroke="url(#ok)" width="1" height="1"/>');
    expect(svg).toContain('<style>rect { fill: url(#ok) }</style>');
    expect(svg).toContain('<circle r="1"/><circle r="2"/>');
  });

  it('refuses entity declarations, never expanding them', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>';
    expect(() => sanitiseSvg(xxe)).toThrow(UnsafeSvgError);
    const laughs =
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg><text>&b;</text></svg>';
    expect(() => sanitiseSvg(laughs)).toThrow(/entities/);
    // An undeclared entity is an error in XML, not text to pass on.
    expect(() => sanitiseSvg('<svg><text>&nbsp;</text></svg>')).toThrow(UnsafeSvgError);
    // A plain DOCTYPE is simply left out.
    const plain = sanitiseSvg(
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg width="3" height="4"/>',
    );
    expect(plain.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="4"/>');
  });

  it('refuses what is not well-formed XML or has no svg root', () => {
    expect(() => sanitiseSvg('<svg><g></svg>')).toThrow(UnsafeSvgError);
    expect(() => sanitiseSvg('<html><svg/></html>')).toThrow(/no svg root/);
  });

  it('reads the size from width and height, in CSS units, or from the viewBox', () => {
    expect(sanitiseSvg('<svg width="120" height="80px"/>')).toMatchObject({
      width: 120,
      height: 80,
    });
    expect(sanitiseSvg('<svg width="1in" height="2.54cm"/>')).toMatchObject({
      width: 96,
      height: 96,
    });
    expect(sanitiseSvg('<svg viewBox="0 0 300.4 150"/>')).toMatchObject({
      width: 300,
      height: 150,
    });
    expect(sanitiseSvg('<svg width="100%" viewBox="0,0,40,30"/>')).toMatchObject({
      width: 40,
      height: 30,
    });
    expect(sanitiseSvg('<svg/>')).toMatchObject({ width: null, height: null });
  });
});
