import type { LimitService } from '../limits/limit.service';
import type {
  ExchangeFormat,
  ImportFormat,
  ImportIssue,
  ImportReport,
  QuestionContent,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { keepPassagesTogether } from '@questa/contracts';
import { serializeQuestions, type ExportMedia, type ExportPassage } from '@questa/question-formats';
import type { RequestPrincipal } from '../auth/principal';
import type { BankRepository } from '../banks/bank.repository';
import type { MediaRepository } from '../media/media.repository';
import type { MediaService } from '../media/media.service';
import type { MediaStore } from '../media/media-store';
import {
  insertPassage,
  passageWrites,
  type PassageRepository,
} from '../passages/passage.repository';
import type { QuestionRepository } from '../questions/question.repository';
import type { ImportParser } from './parse-pool';

const PREVIEW_SIZE = 20;
const notFound = () => new HttpProblem('not_found', { detail: 'This tenant has no such bank.' });

/**
 * Moves questions in and out of a bank through the exchange formats. Imports land as drafts, so
 * nothing reaches learners before a reviewer publishes it; they are written in one transaction,
 * so a failure leaves the bank as it was. Files are parsed by the parser (a worker pool), never on
 * the thread that answers requests.
 */
export function createExchangeService(deps: {
  questions: QuestionRepository;
  passages: Pick<PassageRepository, 'currentContents'>;
  banks: BankRepository;
  media: MediaRepository;
  mediaService: MediaService;
  store: MediaStore;
  parser: Pick<ImportParser, 'parse'>;
  limits: Pick<LimitService, 'assertRoom' | 'room'>;
}) {
  /** Stores a package's images and rewrites the item texts that refer to them by path. */
  async function storePackagedMedia(
    clientId: string,
    files: { path: string; bytes: Uint8Array }[],
    warnings: ImportIssue[],
  ): Promise<Map<string, string>> {
    const hashOfPath = new Map<string, string>();
    for (const file of files) {
      try {
        const stored = await deps.mediaService.upload(clientId, Buffer.from(file.bytes));
        hashOfPath.set(file.path, stored.sha256);
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        warnings.push({ message: `${file.path}: ${error.message}` });
      }
    }
    return hashOfPath;
  }

  return {
    async import(
      principal: RequestPrincipal,
      clientId: string,
      bankId: string,
      request: { format: ImportFormat; mode: 'all_or_nothing' | 'valid_only'; dryRun: boolean },
      body: Uint8Array,
    ): Promise<ImportReport> {
      if (!(await deps.banks.standing(clientId, bankId))) throw notFound();
      const parsed = await deps.parser.parse(request.format, body);
      const errors = [...parsed.errors];
      const warnings = [...parsed.warnings];

      // Media a text format names by hash must already belong to this tenant.
      const passages = parsed.passages ?? [];
      const referenced = [
        ...new Set([
          ...parsed.items.flatMap((item) => item.content.media),
          ...passages.flatMap((passage) => passage.content.media),
        ]),
      ];
      const unknown = new Set(await deps.media.unknownTo(clientId, referenced));
      // A package carries its media as media/<sha256>.<ext>; those arrive with the questions.
      const packaged = new Set(
        parsed.media.map((file) => /([0-9a-f]{64})\.[a-z0-9]+$/.exec(file.path)?.[1]),
      );
      const items = parsed.items.filter((item) => {
        const missing = item.content.media.filter(
          (hash) => unknown.has(hash) && !packaged.has(hash),
        );
        if (missing.length === 0) return true;
        errors.push({
          item: item.item,
          ...(item.line ? { line: item.line } : {}),
          message: `Question ${item.item} refers to images this tenant does not have: ${missing.join(', ')}`,
        });
        return false;
      });
      // A passage naming media the tenant lacks is left out; its questions import without it.
      const unusable = new Set(
        passages.flatMap((passage, index) =>
          passage.content.media.some((hash) => unknown.has(hash) && !packaged.has(hash))
            ? [index]
            : [],
        ),
      );
      for (const index of unusable) {
        const { line } = passages[index]!;
        warnings.push({
          ...(line ? { line } : {}),
          message: `The passage "${passages[index]!.content.title}" refers to images this tenant does not have, so it is not imported`,
        });
      }

      const report = (imported: number, preview?: QuestionContent[]): ImportReport => ({
        total: parsed.total,
        valid: items.length,
        imported,
        errors,
        warnings,
        ...(preview ? { preview } : {}),
      });
      if (request.mode === 'all_or_nothing' && errors.length > 0 && !request.dryRun) {
        throw new HttpProblem('import.invalid', {
          detail: `${errors.length} problem${errors.length === 1 ? '' : 's'} found; nothing was imported.`,
          lines: errors.map((issue) => ({
            line: issue.line ?? issue.item ?? 0,
            message: issue.message,
          })),
        });
      }
      if (request.dryRun) {
        return report(
          0,
          items.slice(0, PREVIEW_SIZE).map((item) => item.content),
        );
      }
      if (items.length === 0) return report(0);
      await deps.limits.assertRoom(clientId, 'questions', items.length);

      await storePackagedMedia(clientId, parsed.media, warnings);
      await deps.questions.inTransaction(async (questions, trx) => {
        // Checked again with the workspace locked: another import may have filled it meanwhile.
        await deps.limits.room(clientId, 'questions', items.length)(trx);
        const ids = await questions.insertMany(
          clientId,
          bankId,
          items.map((item) => ({ content: item.content, status: 'draft' as const })),
          principal.sub,
        );
        if (!ids) throw notFound();
        // Each passage a kept question refers to, its questions attached in file order.
        const created = new Map<number, string>();
        const writes = passageWrites(trx);
        for (const [position, item] of items.entries()) {
          if (item.passage === undefined || unusable.has(item.passage)) continue;
          let passageId = created.get(item.passage);
          if (!passageId) {
            const { content } = passages[item.passage]!;
            passageId = await insertPassage(trx, clientId, bankId, content, principal.sub);
            created.set(item.passage, passageId);
          }
          await writes.attach(passageId, ids[position]!);
        }
      });
      return report(items.length);
    },

    async export(
      clientId: string,
      bankId: string,
      request: { format: ExchangeFormat; status: 'published' | 'all' },
    ) {
      const bank = await deps.banks.find(clientId, bankId);
      if (!bank) throw notFound();
      const versions = await deps.questions.listForExport(
        clientId,
        bankId,
        request.status === 'published' ? 'published' : 'current',
      );
      // An empty file would download without a word and look like a broken export.
      if (versions.length === 0) {
        throw new HttpProblem('export.empty', {
          detail:
            request.status === 'published'
              ? 'The bank has no published question; publish some, or export all, drafts included.'
              : 'The bank has no question yet.',
        });
      }
      // A passage's questions go out one after another, behind the passage.
      const ordered = keepPassagesTogether(versions);
      const passageContents = await deps.passages.currentContents(
        clientId,
        ordered.flatMap((version) => (version.passageId ? [version.passageId] : [])),
      );
      const passages = ordered.map((version): ExportPassage | null => {
        const content = version.passageId ? passageContents.get(version.passageId) : undefined;
        return content ? { id: version.passageId!, content } : null;
      });
      const contents = ordered.map((version) => version.content);
      const media: ExportMedia[] = [];
      const used = [
        ...contents.flatMap((content) => content.media),
        ...[...passageContents.values()].flatMap((passage) => passage.media),
      ];
      for (const sha256 of new Set(used)) {
        const contentType = await deps.media.contentType(sha256);
        const stream = contentType && (await deps.store.open(sha256));
        if (!contentType || !stream) continue;
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        media.push({ sha256, contentType, bytes: Buffer.concat(chunks) });
      }
      const file = serializeQuestions(request.format, contents, media, passages);
      return { ...file, fileName: `${bank.slug}.${file.fileExtension}` };
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
