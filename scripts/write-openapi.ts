// Writes both services' OpenAPI documents to a folder, for Redocly's lint and the generated client.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiDocuments } from '@questa/gateway/testing';

const folder = path.resolve(process.argv[2] ?? '.openapi');
const documents = await openApiDocuments();
await mkdir(folder, { recursive: true });
await writeFile(path.join(folder, 'api.json'), `${JSON.stringify(documents.api, null, 2)}\n`);
await writeFile(
  path.join(folder, 'question-db.json'),
  `${JSON.stringify(documents.questionDb, null, 2)}\n`,
);
console.log(`Wrote the OpenAPI documents of the main API and the question database to ${folder}.`);
