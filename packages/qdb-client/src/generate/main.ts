// `npm run generate -w @questa/qdb-client`: writes src/schema.ts from the question database's routes.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { schemaFile, schemaSource } from './schema-source';

await writeFile(schemaFile, await schemaSource());
console.log(`Wrote ${fileURLToPath(schemaFile)}.`);
