import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { openApiDocuments } from '@questa/gateway/testing';

/** Where the generated types live, committed so integrators and reviewers can read them. */
export const schemaFile = new URL('../schema.ts', import.meta.url);

/** The TypeScript types of the question database's API, from the document it serves. */
export async function schemaSource(): Promise<string> {
  const { questionDb } = await openApiDocuments();
  const ast = await openapiTS(questionDb as Parameters<typeof openapiTS>[0], { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
