import { createHash } from 'node:crypto';
import type { QuestionContent } from '@questa/contracts';
import { mediaKindOf } from '@questa/contracts/rules';
import type { Draft } from './result';

const REFERENCE = /media:([0-9a-f]{64})/g;

/** Every text of a question a learner sees: where `media:<sha256>` references can appear. */
export function questionTexts(q: Draft | QuestionContent): string[] {
  const texts = [q.stem, q.explanation ?? ''];
  if (q.type === 'single_choice' || q.type === 'multiple_response') {
    texts.push(...q.options.map((o) => o.text));
  } else if (q.type === 'ordering') {
    texts.push(...q.items.map((i) => i.text));
  } else if (q.type === 'matching') {
    texts.push(...q.pairs.flatMap((p) => [p.prompt, p.answer]));
  } else if (q.type === 'cloze') {
    texts.push(...q.blanks.flatMap((b) => (b.kind === 'text' ? b.accepted : b.options)));
  } else if (q.type === 'essay') {
    texts.push(q.rubric ?? '', q.modelAnswer ?? '');
  }
  return texts;
}

/** The hashes a question refers to, in order of first use; imports derive `media` from these. */
export function mediaReferences(q: Draft | QuestionContent): string[] {
  const found = new Set<string>();
  for (const text of questionTexts(q)) {
    for (const match of text.matchAll(REFERENCE)) found.add(match[1] as string);
  }
  if (q.type === 'hotspot') found.add(q.image.sha256);
  return [...found];
}

/**
 * Markdown images that point at Questa media: `![alt](media:<sha256>)`, and sounds and films,
 * `![description](media:<sha256>#audio)` or `#video` (the kind in the third group).
 */
export const MEDIA_IMAGE = /!\[((?:[^[\]\\]|\\.)*)\]\(media:([0-9a-f]{64})(?:#(audio|video))?\)/g;

export type PlayerKind = 'audio' | 'video';

export function markdownImage(alt: string, sha256: string, kind?: PlayerKind): string {
  return `![${alt.replace(/[\\[\]]/g, '\\$&')}](media:${sha256}${kind ? `#${kind}` : ''})`;
}

/** Whether a file of this type plays as a sound or a film; undefined for images and the rest. */
export function playerKind(contentType: string | undefined): PlayerKind | undefined {
  const kind = contentType === undefined ? undefined : mediaKindOf(contentType);
  return kind === 'audio' || kind === 'video' ? kind : undefined;
}

export function unescapeAlt(alt: string): string {
  return alt.replace(/\\([\\[\]])/g, '$1');
}

export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

const ALIASES: Record<string, string> = {
  jpeg: 'image/jpeg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4v: 'video/mp4',
};

/**
 * The type a file's name suggests. Only a first guess, to pick the Markdown for it: the question
 * database judges the bytes when it stores the file, and refuses what is not what its name says.
 */
export function contentTypeOf(path: string): string | undefined {
  const ext = path.toLowerCase().split('.').pop() ?? '';
  if (ALIASES[ext]) return ALIASES[ext];
  return Object.keys(EXTENSIONS).find((type) => EXTENSIONS[type] === ext);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
