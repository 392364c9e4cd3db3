import { describe, expect, it } from 'vitest';
import { DEMO_CONTENT_AUTHOR, apiKeySubject, authorKind, serviceSubject } from './people';

describe('authorKind', () => {
  it('tells people from API keys, other services and the demo content', () => {
    expect(authorKind('3f1c9a52-7d0e-4c55-9b8e-2a4f6d1e0b7c')).toBe('person');
    expect(authorKind('kc-user')).toBe('person');
    expect(authorKind(apiKeySubject('0b4e'))).toBe('api_key');
    expect(authorKind(serviceSubject('reports'))).toBe('service');
    expect(authorKind(DEMO_CONTENT_AUTHOR)).toBe('demo');
  });
});
