import { expect } from 'vitest';
import { signInOverHttp } from '@questa/gateway/testing';
import { callAs } from './learning';
import { DEMO_PASSWORD } from './sign-in';

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

/**
 * A private bank of the demo workspace with true-or-false questions, written and published by the
 * demo author through the question database's API, for a test's room or assignment to draw from.
 */
export async function publishTrueFalseBank(
  baseUrl: string,
  bank: { slug: string; title: string; description: string; topic: string },
  questions: readonly { stem: string; answer: boolean }[],
) {
  const author = await signInOverHttp(baseUrl, 'author@questa.test', DEMO_PASSWORD);
  const { tenants } = (await (await callAs(baseUrl, author, 'GET', '/api/rooms/banks')).json()) as {
    tenants: { clientId: string; name: string }[];
  };
  const clientId = tenants.find((tenant) => tenant.name === 'Questa Demo')!.clientId;
  const qdb = (rest: string) => `/qdb/api/v1/clients/${clientId}${rest}`;
  const created = await callAs(baseUrl, author, 'POST', qdb('/banks'), {
    slug: bank.slug,
    title: bank.title,
    description: bank.description,
    language: 'en',
    visibility: 'private',
  });
  expect(created.status).toBe(201);
  const bankId = ((await created.json()) as { id: string }).id;
  for (const { stem, answer } of questions) {
    const written = await callAs(baseUrl, author, 'POST', qdb(`/banks/${bankId}/questions`), {
      content: { type: 'true_false', stem, topic: bank.topic, difficulty: 1, answer },
    });
    expect(written.status).toBe(201);
    let question = (await written.json()) as { id: string; revision: number };
    for (const action of ['submit', 'publish']) {
      const moved = await callAs(
        baseUrl,
        author,
        'POST',
        qdb(`/questions/${question.id}/transitions`),
        {
          action,
          expectedRevision: question.revision,
        },
      );
      expect(moved.status).toBe(200);
      question = (await moved.json()) as typeof question;
    }
  }
  return { author, clientId, bankId };
}
