import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankParams,
  exportQuery,
  IMPORT_LIMITS,
  importQuery,
  importReport,
} from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { ExchangeService } from './exchange.service';

export const exchangeRoutes: FastifyPluginAsyncZod<{ exchange: ExchangeService }> = async (
  app,
  { exchange },
) => {
  // Encapsulated: here every body is the file itself, as bytes, whatever its declared type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/clients/:clientId/banks/:bankId/import',
    {
      config: {
        permission: 'question:write',
        problems: {
          'import.invalid':
            'the file could not be read; `lines` names each problem with its line or item.',
          'upload.too_large': 'the file is larger than the import limit.',
          unavailable:
            'every worker that reads import files is busy, or reading this file ran past its time limit.',
        },
      },
      bodyLimit: IMPORT_LIMITS.maxBytes,
      schema: {
        summary:
          'Import a GIFT, Moodle XML, QTI 3.0, CSV, Kahoot spreadsheet (xlsx) or Aiken file into a bank as drafts',
        description:
          'Send the file as the request body. With dryRun=true nothing is written and the report ' +
          'previews the first questions. all_or_nothing refuses the whole file when any item is ' +
          'invalid (422 import.invalid with the lines); valid_only imports the valid items.',
        tags: ['exchange'],
        params: bankParams,
        querystring: importQuery,
        response: { 200: importReport },
      },
    },
    (request, reply) =>
      exchange.import(
        requireSession(request, reply),
        request.params.clientId,
        request.params.bankId,
        {
          format: request.query.format,
          mode: request.query.mode,
          dryRun: request.query.dryRun === 'true',
        },
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
  );

  app.get(
    '/clients/:clientId/banks/:bankId/export',
    {
      config: {
        permission: 'tenant:read',
        problems: {
          'export.empty':
            'the bank has no question to export in the scope asked (by default, published ones).',
        },
      },
      schema: {
        summary: 'Download a bank as GIFT, Moodle XML, QTI 3.0 or CSV',
        description:
          'What the format cannot carry is listed, URI-encoded JSON, in the questa-export-warnings header.',
        tags: ['exchange'],
        params: bankParams,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const file = await exchange.export(
        request.params.clientId,
        request.params.bankId,
        request.query,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header(
          'questa-export-warnings',
          encodeURIComponent(JSON.stringify(file.warnings.slice(0, 50))),
        )
        .send(Buffer.from(file.body));
    },
  );
};
