import type { ParseResult } from '../types';
import { decodeText } from '../shared/decode';
import type { ItemRef } from '../shared/result';
import {
  addItem,
  emptyResult,
  generatedId,
  itemIssue,
  tooLarge,
  tooManyItems,
} from '../shared/result';

// Aiken is Moodle's plain multiple-choice format:
//
//   The Moodle project was started by:
//   A) Petr Skoda
//   B) Martin Dougiamas
//   ANSWER: B
//
// The rules follow Moodle's reader (question/format/aiken/format.php): the question is one line;
// an option is a capital letter, `)` or `.`, and its text; `ANSWER: X` names the right option by
// its place (A is the first); lines shorter than two characters are ignored. Where Moodle drops a
// question quietly (one left open at the end of the file), Questa says so.

const OPTION = /^[A-Z][).][ \t]?/;

/** Aiken text is plain (Moodle escapes it); a tag-like `<b>` must show as written, not as HTML. */
const plain = (text: string) => text.replace(/<(?=[A-Za-z/!?])/g, '\\<');
const ANSWER = /^ANSWER:/;

interface Open {
  ref: ItemRef;
  stem: string;
  options: string[];
}

/** Parses an Aiken file into single-choice questions. */
export function parseAiken(input: Uint8Array): ParseResult {
  const large = tooLarge(input.byteLength);
  if (large) return large;
  const { text, warning } = decodeText(input);
  const lines = text.split(/\r\n|\r|\n/).map((raw) => raw.trim());
  const starts = lines.filter((l) => l.length >= 2 && !OPTION.test(l) && !ANSWER.test(l)).length;
  const refused = tooManyItems(starts);
  if (refused) return refused;

  const result = emptyResult();
  if (warning) result.warnings.push({ message: warning });
  let open: Open | undefined;
  const outside = (line: number, what: string) => {
    result.errors.push({ line, message: `Line ${line}: ${what} comes before any question` });
  };

  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (line.length < 2) continue;
    if (OPTION.test(line)) {
      if (open) open.options.push(plain(line.slice(2).trim()));
      else outside(number, 'an option');
      continue;
    }
    if (ANSWER.test(line)) {
      if (!open) {
        outside(number, 'an ANSWER: line');
        continue;
      }
      const question = open;
      open = undefined;
      const letter = line.slice('ANSWER:'.length).trim().charAt(0);
      const correct = letter.charCodeAt(0) - 'A'.charCodeAt(0);
      if (question.options.length < 2) {
        result.errors.push(itemIssue(question.ref, 'a question needs at least two options'));
        continue;
      }
      if (!(correct >= 0 && correct < question.options.length)) {
        const named = letter === '' ? 'no option' : `"${letter}", which is not one of its options`;
        result.errors.push(itemIssue(question.ref, `ANSWER: names ${named}`));
        continue;
      }
      addItem(result, question.ref, {
        type: 'single_choice',
        stem: question.stem,
        explanation: '',
        options: question.options.map((option, i) => ({
          id: generatedId(i),
          text: option,
          correct: i === correct,
        })),
      });
      continue;
    }
    if (open) {
      result.errors.push(
        itemIssue(
          open.ref,
          `no ANSWER: line before line ${number} starts another question (an Aiken question is one line)`,
        ),
      );
    }
    result.total += 1;
    open = { ref: { item: result.total, line: number }, stem: plain(line), options: [] };
  }
  if (open) result.errors.push(itemIssue(open.ref, 'the file ends before its ANSWER: line'));
  return result;
}
