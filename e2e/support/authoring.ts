import { callAs } from './learning';

/**
 * Corrects a question's explanation as its author would, through the question database's API,
 * and publishes the new version: submitted first where the workspace asks for a review, straight
 * from the draft where it does not. Throws if the question database refuses a step.
 */
export async function correctAndPublish(
  baseUrl: string,
  cookie: string,
  clientId: string,
  questionId: string,
  explanation: string,
) {
  const qdb = `/qdb/api/v1/clients/${clientId}/questions/${questionId}`;
  const detail = (await (await callAs(baseUrl, cookie, 'GET', qdb)).json()) as {
    revision: number;
    current: { content: { explanation?: string } };
  };
  const saved = await callAs(baseUrl, cookie, 'PUT', qdb, {
    content: { ...detail.current.content, explanation },
    expectedRevision: detail.revision,
  });
  if (saved.status !== 200) throw new Error(`saving the correction answered ${saved.status}`);
  let revision = ((await saved.json()) as { revision: number }).revision;
  for (const action of ['submit', 'publish']) {
    const moved = await callAs(baseUrl, cookie, 'POST', `${qdb}/transitions`, {
      action,
      expectedRevision: revision,
    });
    if (action === 'submit' && moved.status !== 200) continue;
    if (moved.status !== 200) throw new Error(`${action} answered ${moved.status}`);
    revision = ((await moved.json()) as { revision: number }).revision;
  }
}
