import { readFile } from 'node:fs/promises';
import { sandboxKeysFile } from '@questa/payments-sandbox';

/**
 * The built-in payment partner's own controls, driven the way a test drives Stripe's test clocks:
 * over its API with its secret key, which `npm start` keeps in the data folder.
 */
export async function sandboxControl(baseUrl: string, dataDir: string) {
  const { secretKey } = JSON.parse(await readFile(sandboxKeysFile(dataDir), 'utf8')) as {
    secretKey: string;
  };
  const post = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${baseUrl}/sandbox-pay/control${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params).toString(),
    });
    if (!response.ok) {
      throw new Error(`Sandbox ${path} answered ${response.status}: ${await response.text()}`);
    }
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    /** Moves the sandbox's clock forward and returns once everything due on the way is done. */
    advanceClock: (days: number) =>
      post('/clock/advance', { seconds: String(Math.round(days * 86_400)) }),
    /** Delivers every event this long after it happens (0: at once). */
    delayDeliveries: (ms: number) =>
      post('/delivery', { late: ms > 0 ? 'true' : 'false', late_ms: String(ms) }),
  };
}
