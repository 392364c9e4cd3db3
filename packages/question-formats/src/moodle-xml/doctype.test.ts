import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse';

const parse = (text: string) => parseMoodleXml(new TextEncoder().encode(text));

const question = (text: string) =>
  `<quiz><question type="truefalse"><name><text>Q</text></name><questiontext format="html"><text>${text}</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;

describe('Moodle XML document type declarations', () => {
  it.each([
    ['a SYSTEM entity', '<!ENTITY secret SYSTEM "file:///etc/passwd">', 'secret'],
    ['a PUBLIC entity', '<!ENTITY secret PUBLIC "-//X//EN" "http://127.0.0.1/x">', 'secret'],
    ['a parameter entity', '<!ENTITY % remote SYSTEM "http://127.0.0.1/x.dtd">', 'remote'],
  ])('refuses %s by name, on its line, reading nothing', (_, declaration, name) => {
    const result = parse(
      `<?xml version="1.0"?>\n<!DOCTYPE quiz [\n  ${declaration}\n]>\n${question('&secret;')}`,
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 3,
        message: `Line 3: The document type declares the external entity "${name}"; files that refer to content outside themselves are not imported`,
      },
    ]);
  });

  it('reads a question whose text shows an entity declaration as an example', () => {
    const result = parse(
      question('<![CDATA[<p>What does <code>&lt;!ENTITY x SYSTEM "y"&gt;</code> declare?</p>]]>'),
    );
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content.stem).toContain('ENTITY x SYSTEM');
  });
});
