import type { ImportIssue, PassageContent, QuestionContent } from '@questa/contracts';

export interface ImportedItem {
  content: QuestionContent;
  /** 1-based position of the question in the file. */
  item: number;
  /** 1-based line where the question starts, for line-based formats. */
  line?: number;
  /** The passage the question refers to, as an index into the result's `passages`. */
  passage?: number;
}

/**
 * A shared text (GIFT or Moodle XML description, QTI assessment stimulus) that the questions
 * naming it refer to; it is kept only when at least one imported question does.
 */
export interface ImportedPassage {
  content: PassageContent;
  /** 1-based line where it starts, for line-based formats. */
  line?: number;
}

/** A file inside a QTI package that an imported stem refers to as `media:<sha256>`. */
export interface ImportedMedia {
  path: string;
  bytes: Uint8Array;
  contentType?: string;
}

export interface ParseResult {
  items: ImportedItem[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Questions found, valid or not. */
  total: number;
  media: ImportedMedia[];
  /** Passages imported questions refer to; absent from formats without them. */
  passages?: ImportedPassage[];
}

/** The passage a question of an export refers to; questions of one passage come one after another. */
export interface ExportPassage {
  /** Tells one passage from another; the same for every question of a group. */
  id: string;
  content: PassageContent;
}

export interface ExportMedia {
  sha256: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface SerializeResult {
  body: Uint8Array;
  contentType: string;
  fileExtension: string;
  warnings: ImportIssue[];
}
