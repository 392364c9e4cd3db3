export interface HeadlinePart {
  text: string;
  match: boolean;
}

/** A search headline split into plain text and the matches the server put between « and ». */
export function splitHeadline(headline: string): HeadlinePart[] {
  const parts: HeadlinePart[] = [];
  const pattern = /«([^»]*)»/g;
  let last = 0;
  for (const found of headline.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: headline.slice(last, found.index), match: false });
    if (found[1]) parts.push({ text: found[1], match: true });
    last = found.index + found[0].length;
  }
  if (last < headline.length) parts.push({ text: headline.slice(last), match: false });
  return parts;
}
