import type { QuestionContentInput } from '@questa/contracts';

export interface DemoMedia {
  key: string;
  contentType: 'image/svg+xml';
  /** The SVG text. */
  body: string;
  width: number;
  height: number;
}

export interface DemoQuestion {
  content: QuestionContentInput;
  /** Keys of the media the stem references as `media:KEY`. */
  mediaKeys: string[];
}

export interface DemoBank {
  slug: string;
  title: string;
  description: string;
  language: 'en';
  visibility: 'public' | 'premium';
  tags: string[];
  questions: DemoQuestion[];
}

export interface DemoContent {
  tenant: { slug: string; name: string };
  banks: DemoBank[];
  media: DemoMedia[];
}
