import { describe, expect, it } from 'vitest';
import { describeOperation, operationIdOf, whoMayCall } from './open-api-operation';

describe('the API reference’s operations', () => {
  it('names operations from their method and path', () => {
    expect(operationIdOf('GET', '/clients/:clientId/banks/:bankId/questions')).toBe(
      'getClientBankQuestions',
    );
  });

  it('says who may call a route, from the policy’s grants', () => {
    expect(whoMayCall('public')).toMatch(/anyone/);
    expect(whoMayCall('question:publish')).toBe(
      "**Who may call it:** the tenant's owners and reviewers (permission `question:publish`).",
    );
    expect(whoMayCall('room:host')).toMatch(/authors and teachers; premium learners/);
  });

  it('lists a route’s own problems with the generic ones of the same status', () => {
    const operation = describeOperation(
      { summary: 'Answer', body: {}, response: { 200: {} } },
      {
        method: 'POST',
        url: '/practice/:id/answer',
        permission: 'learning:use',
        problems: {
          'quota.exceeded': 'the free answers are used up.',
          'payment.required': 'the bank is premium.',
          'auth.forbidden': 'the session is someone else’s.',
        },
      },
    );
    const responses = operation.response as Record<string, { description: string }>;
    expect(responses[402]!.description).toBe(
      '`quota.exceeded`: the free answers are used up.\n\n`payment.required`: the bank is premium.',
    );
    expect(responses[403]!.description).toMatch(
      /^`auth.forbidden`: the credentials[\s\S]*someone else’s\.$/,
    );
    expect(operation.description).toMatch(/every signed-in user/);
  });
});
