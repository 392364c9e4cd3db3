import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTestSettings } from '@questa/config';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  creditFixtures,
  fixtures,
  hotspotFixture,
  imageFixture,
  PNG,
  PNG_SHA,
  richFixtures,
} from '../testing/fixtures';
import { sharedTestData } from '../testing/shared-data';
import { serializeQtiPackage } from './serialize';

// 1EdTech's QTI 3.0 schemas (with a SOURCES.md), in shared/ beside the repository. xmllint comes
// from Debian's libxml2-utils, which .ci/run installs; without either the check is skipped, except
// under CI, where it fails.
const SCHEMAS = sharedTestData('schemas/qti3', 'QTI 3.0 schemas');
const ITEM_SCHEMA = join(SCHEMAS ?? '', 'imsqti_asiv3p0p1_v1p0.xsd');
const PACKAGE_SCHEMA = join(SCHEMAS ?? '', 'imsqtiv3p0_imscpv1p2_v1p0.xsd');
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
const { ci } = readTestSettings();
// A sound packed beside the image, so the `<object>` it is written as is checked as well.
const MP3 = Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
const MP3_SHA = createHash('sha256').update(MP3).digest('hex');
const audioFixture = {
  ...imageFixture,
  stem: `Which language? ![A man says bonjour](media:${MP3_SHA}#audio)`,
  media: [MP3_SHA],
};
const media = [
  { sha256: PNG_SHA, contentType: 'image/png', bytes: PNG },
  { sha256: MP3_SHA, contentType: 'audio/mpeg', bytes: MP3 },
];

/** xmllint's complaints about `files`; one run, since compiling the item schema takes seconds. */
function problems(schema: string, files: string[]): string[] {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, ...files], {
    encoding: 'utf8',
  });
  return run.stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.endsWith(' validates'));
}

describe('exported QTI packages against 1EdTech schemas', () => {
  const folder = mkdtempSync(join(tmpdir(), 'questa-qti-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('has xmllint (CI must)', () => {
    if (!hasXmllint && !ci)
      console.warn('xmllint is missing (apt-get install libxml2-utils): QTI schema checks skipped');
    else expect(hasXmllint, 'xmllint (Debian libxml2-utils) must be installed under CI').toBe(true);
  });

  it.runIf(hasXmllint && SCHEMAS !== undefined)(
    'every item and the manifest of a package of every type validate',
    () => {
      const questions = [
        ...fixtures,
        ...richFixtures,
        ...creditFixtures,
        imageFixture,
        audioFixture,
        hotspotFixture,
      ];
      // The first two questions share a passage, so a stimulus file is packed and checked too.
      const passage = {
        id: 'p1',
        content: { title: 'The Nile', body: 'The **Nile** flows north. $x^2$', media: [] },
      };
      const out = serializeQtiPackage(questions, media, [passage, passage]);
      const files = unzipSync(out.body);
      const xml = Object.keys(files).filter((name) => name.endsWith('.xml'));
      expect(xml).toContain('imsmanifest.xml');
      for (const name of xml) writeFileSync(join(folder, name), files[name] as Uint8Array);
      const items = xml.filter((name) => name !== 'imsmanifest.xml').map((n) => join(folder, n));
      // Every question is written (none skipped as not expressible), and one stimulus.
      expect(out.warnings.filter((w) => / skipped/.test(w.message))).toEqual([]);
      expect(items).toHaveLength(questions.length + 1);
      expect(problems(PACKAGE_SCHEMA, [join(folder, 'imsmanifest.xml')])).toEqual([]);
      expect(problems(ITEM_SCHEMA, items)).toEqual([]);
    },
    120_000,
  );
});
