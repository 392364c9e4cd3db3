import type { ImportedMedia, ImportedPassage, ParseResult } from '../types';
import { contentTypeOf, markdownImage, playerKind, sha256Hex } from '../shared/media';
import type { Draft, ItemRef } from '../shared/result';
import {
  addItem,
  emptyResult,
  failed,
  itemIssue,
  parseNumber,
  tooLarge,
  tooManyItems,
} from '../shared/result';
import { decodeUriPath, decodeUtf8 } from '../shared/text';
import type { XmlElement } from '../shared/xml';
import { childElements, descendants, parseXml, path, textContent } from '../shared/xml';
import type { ItemMetadata } from './parse-item';
import { parseItem } from './parse-item';
import { readStimulus } from './stimulus';
import { readZip } from '../shared/zip';

const ITEM_TYPE = /^imsqti_item_xmlv3p0/;

/** Resolves `href` against the folder of `base`; undefined when it leaves the package. */
function resolve(base: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return undefined;
  const parts = base.split('/').slice(0, -1);
  for (const segment of decodeUriPath(href.split(/[?#]/)[0] ?? '').split('/')) {
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** Questa's metadata (`<questa:question>`) or, for other tools' packages, LOM keywords as tags. */
function metadataOf(resource: XmlElement) {
  const meta = path(resource, 'metadata');
  const questa = meta && descendants(meta, 'question').find((q) => path(q, 'type'));
  const value = (name: string) => {
    const el = path(questa, name);
    return el ? textContent(el).trim() : undefined;
  };
  const number = (name: string) => {
    const n = parseNumber(value(name) ?? '');
    return Number.isNaN(n) ? undefined : n;
  };
  const keywords = meta
    ? descendants(meta, 'keyword').map((k) => textContent(path(k, 'string') ?? k).trim())
    : [];
  const tags = questa ? childElements(questa, 'tag').map((t) => textContent(t).trim()) : keywords;
  const item: ItemMetadata = {};
  for (const key of ['type', 'unit', 'whitespace', 'minWords', 'maxWords'] as const) {
    const v = value(key);
    if (v) item[key] = v;
  }
  const points = number('points');
  const common = {
    topic: value('topic'),
    difficulty: number('difficulty'),
    tags: tags.filter((t) => t !== ''),
    ...(points !== undefined ? { points } : {}),
    ...(value('licence') !== undefined ? { licence: value('licence') } : {}),
    ...(value('attribution') !== undefined ? { attribution: value('attribution') } : {}),
  };
  return { item, common };
}

/** Parses a QTI 3.0 content package (zip with `imsmanifest.xml`). */
export function parseQtiPackage(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const zip = readZip(input);
  if (!zip.ok) return failed(zip.error);
  const manifestBytes = zip.files.get('imsmanifest.xml');
  if (!manifestBytes) return failed('The package has no imsmanifest.xml at its root');
  const manifestText = decodeUtf8(manifestBytes);
  if (manifestText === undefined) return failed('imsmanifest.xml is not valid UTF-8 text');
  const manifest = parseXml(manifestText);
  if (!manifest.ok) return failed(`imsmanifest.xml, line ${manifest.line}: ${manifest.message}`);
  const resources = descendants(manifest.root, 'resource');
  const items = resources.filter((r) => ITEM_TYPE.test(r.attrs.type ?? ''));
  const refused = tooManyItems(items.length);
  if (refused) return refused;
  const others = resources.filter(
    (r) => /^imsqti_item/.test(r.attrs.type ?? '') && !ITEM_TYPE.test(r.attrs.type ?? ''),
  );
  if (items.length === 0)
    return failed(
      others.length > 0
        ? `imsmanifest.xml lists ${others.length} items of an older QTI version and no QTI 3.0 item (resource type imsqti_item_xmlv3p0); only QTI 3.0 items are read`
        : 'imsmanifest.xml lists no QTI 3.0 item (no resource of type imsqti_item_xmlv3p0), so there is nothing to import',
    );
  const result = emptyResult();
  if (others.length > 0) {
    result.warnings.push({
      message: `${others.length} items of an older QTI version were skipped; only QTI 3.0 items are read`,
    });
  }
  const media = new Map<string, ImportedMedia & { sha: string }>();
  const { files } = zip;
  /** Images of a file, resolved against that file's folder and packed once. */
  const imagesOf =
    (base: string, warnings: Set<string>) =>
    (src: string, alt: string, element?: 'audio' | 'video') => {
      const guessed = contentTypeOf(src.split(/[?#]/)[0] ?? '');
      const kind = playerKind(guessed) ?? (guessed ? undefined : element);
      const what = kind === 'audio' ? 'audio file' : kind === 'video' ? 'video' : 'image';
      if (/^https?:\/\//i.test(src)) {
        // The web client shows only media Questa stores (its content policy allows no other
        // host), so an external file stays as a link the learner can open.
        warnings.add(
          `the ${what} ${src} is on another site, which Questa cannot show; it is kept as a link`,
        );
        return `[${alt.trim() || what}](${src})`;
      }
      const target = resolve(base, src);
      const found = target === undefined ? undefined : zip.files.get(target);
      if (target === undefined || !found) {
        warnings.add(`the ${what} ${src} is not in the package and is dropped`);
        return alt;
      }
      let entry = media.get(target);
      if (!entry) {
        const contentType = contentTypeOf(target);
        entry = {
          path: target,
          bytes: found,
          sha: sha256Hex(found),
          ...(contentType ? { contentType } : {}),
        };
        media.set(target, entry);
      }
      return markdownImage(alt, entry.sha, kind);
    };
  // Stimuli by file: the passage index, or null when the file could not be read.
  const stimuli = new Map<string, number | null>();
  const passages: ImportedPassage[] = [];
  items.forEach((resource, index) => {
    const href = resource.attrs.href ?? path(resource, 'file')?.attrs.href ?? '';
    const file = resolve('imsmanifest.xml', href);
    const ref: ItemRef = { item: index + 1, file: file ?? href };
    result.total += 1;
    const bytes = file === undefined ? undefined : zip.files.get(file);
    const text = bytes && decodeUtf8(bytes);
    if (text === undefined) {
      result.errors.push(
        itemIssue(
          ref,
          bytes
            ? 'the item file is not valid UTF-8 text'
            : 'the item file is missing from the package',
        ),
      );
      return;
    }
    const xml = parseXml(text);
    if (!xml.ok) {
      result.errors.push(itemIssue(ref, `line ${xml.line}: ${xml.message}`));
      return;
    }
    const warnings = new Set<string>();
    const image = imagesOf(file as string, warnings);
    const { item, common } = metadataOf(resource);
    const outcome = parseItem(xml.root, item, image);
    if (!outcome.ok) {
      if ('refused' in outcome)
        result.warnings.push(itemIssue(ref, `not imported: ${outcome.refused}`));
      else result.errors.push(itemIssue(ref, outcome.error));
      return;
    }
    const passage = stimulusOf(xml.root, file as string, warnings);
    result.warnings.push(...[...warnings, ...outcome.warnings].map((w) => itemIssue(ref, w)));
    const before = result.items.length;
    addItem(result, ref, { ...outcome.draft, ...common } as Draft);
    const added = result.items[before];
    if (added && passage !== null) added.passage = passage;
  });
  result.media = [...media.values()].map(({ sha: _sha, ...file }) => file);
  result.passages = passages;
  return result;

  /**
   * The passage of an item's `qti-assessment-stimulus-ref`, read once per stimulus file; null
   * when it has none or the file cannot be read (the item is imported without it, with a word).
   */
  function stimulusOf(root: XmlElement, itemFile: string, warnings: Set<string>) {
    const refs = childElements(root, 'qti-assessment-stimulus-ref');
    const ref = refs[0];
    if (!ref) return null;
    if (refs.length > 1) {
      warnings.add(`it refers to ${refs.length} stimuli; Questa keeps the first as its passage`);
    }
    const href = ref.attrs.href ?? '';
    const target = resolve(itemFile, href);
    if (target !== undefined && stimuli.has(target)) return stimuli.get(target) ?? null;
    const bytes = target === undefined ? undefined : files.get(target);
    const text = bytes && decodeUtf8(bytes);
    let index: number | null = null;
    if (text === undefined) {
      warnings.add(`its stimulus ${href} is not in the package, so it has no passage`);
    } else {
      const read = readStimulus(text, imagesOf(target as string, warnings), ref.attrs.title ?? '');
      if (read.ok) {
        index = passages.length;
        passages.push({ content: read.content });
        read.warnings.forEach((w) => warnings.add(`its stimulus ${href}: ${w}`));
      } else warnings.add(`its stimulus ${href} is not imported: ${read.error}`);
    }
    if (target !== undefined) stimuli.set(target, index);
    return index;
  }
}
