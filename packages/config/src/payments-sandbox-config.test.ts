import { describe, expect, it } from 'vitest';
import { loadConfig } from './server-config.ts';

describe('the payments sandbox settings', () => {
  it('deliver to the main API over loopback, normally, by default', () => {
    expect(loadConfig({ PORT: '9090' }).paymentsSandbox).toEqual({
      webhookUrl: 'http://127.0.0.1:9090/api/billing/webhook',
      delivery: { duplicate: false, late: false, reorder: false },
    });
  });

  it('misbehave as told, in any combination', () => {
    expect(
      loadConfig({ PAYMENTS_SANDBOX_DELIVERY: 'reorder, duplicate' }).paymentsSandbox.delivery,
    ).toEqual({ duplicate: true, late: false, reorder: true });
  });

  it('name the variable when a value is wrong', () => {
    expect(() => loadConfig({ PAYMENTS_SANDBOX_DELIVERY: 'twice' })).toThrow(
      'PAYMENTS_SANDBOX_DELIVERY must be normal, or any of duplicate, late and reorder separated by commas (got "twice").',
    );
    expect(() => loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_URL: 'ftp://x' })).toThrow(
      'PAYMENTS_SANDBOX_WEBHOOK_URL must be an absolute http(s) URL',
    );
  });
});
