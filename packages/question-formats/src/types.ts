import type { ImportIssue, QuestionContent } from '@questa/contracts';

export interface ImportedItem {
  content: QuestionContent;
  /** 1-based position of the question in the file. */
  item: number;
  /** 1-based line where the question starts, for line-based formats. */
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
