import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_VERSION } from './model/objects';
import { startSandbox, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor } from './testing/stripe-client';

const stripeError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
};

/*
 * Two calls an integrator makes that the sandbox once got wrong: `customers.search` was routed
 * as the retrieval of a customer named "search", and a request pinned to another API version was
 * answered in this version's shape without a word.
 */
describe('the sandbox’s customer search and API version pinning, through the official SDK', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    sandbox = await startSandbox();
    stripe = stripeFor(sandbox);
    for (const [key, email, name, user] of [
      ['ada', 'ada@questa.test', 'Ada Lovelace', 'u-ada'],
      ['grace', 'Grace@Questa.test', 'Grace Hopper', 'u-grace'],
      ['alan', 'alan@elsewhere.test', 'Alan Turing', 'u-alan'],
    ] as const) {
      made[key] = (
        await stripe.customers.create({ email, name, metadata: { questa_user_id: user } })
      ).id;
    }
    await stripe.customers.del(
      (await stripe.customers.create({ email: 'gone@questa.test', name: 'Gone' })).id,
    );
  }, 60_000);
  afterAll(() => sandbox?.close());

  it('finds customers by email, ignoring case, and by metadata', async () => {
    const byEmail = await stripe.customers.search({ query: "email:'grace@questa.test'" });
    expect(byEmail).toMatchObject({
      object: 'search_result',
      has_more: false,
      next_page: null,
      url: '/v1/customers/search',
    });
    expect(byEmail.data.map((customer) => customer.id)).toEqual([made.grace]);

    const byMetadata = await stripe.customers.search({
      query: 'metadata["questa_user_id"]:"u-alan"',
    });
    expect(byMetadata.data.map((customer) => customer.id)).toEqual([made.alan]);
  });

  it('combines clauses with AND or OR, matches substrings with ~ and excludes with -', async () => {
    const either = await stripe.customers.search({
      query: "name:'ada lovelace' OR name:'alan turing'",
    });
    expect(new Set(either.data.map((customer) => customer.id))).toEqual(
      new Set([made.ada, made.alan]),
    );
    const questa = await stripe.customers.search({
      query: "email~'questa.test' AND -name:'Grace Hopper'",
    });
    // A deleted customer is never found.
    expect(questa.data.map((customer) => customer.id)).toEqual([made.ada]);
  });

  it('pages through results with next_page, as the SDK’s auto-paging follows it', async () => {
    const first = await stripe.customers.search({ query: "email~'.test'", limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    expect(first.next_page).toEqual(expect.any(String));
    const all = await stripe.customers
      .search({ query: "email~'.test'", limit: 2 })
      .autoPagingToArray({ limit: 10 });
    expect(new Set(all.map((customer) => customer.id))).toEqual(
      new Set([made.ada, made.grace, made.alan]),
    );
    const forged = await stripeError(
      stripe.customers.search({ query: "email~'.test'", page: 'not-a-page' }),
    );
    expect(forged).toMatchObject({ statusCode: 400, param: 'page' });
  });

  it('refuses a query it cannot answer with Stripe’s error, naming the query', async () => {
    for (const query of [
      "balance>'10'",
      "created:'2026'",
      "email:'a@b.test' AND name:'x' OR name:'y'",
      "name~'ab'",
      '',
    ]) {
      const error = await stripeError(stripe.customers.search({ query }));
      expect(error, query).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error, query).toMatchObject({ statusCode: 400, param: 'query' });
    }
    const missing = await stripeError(
      stripe.customers.search({} as unknown as Stripe.CustomerSearchParams),
    );
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'query' });
    // A real customer id is still retrieved as before.
    expect((await stripe.customers.retrieve(made.ada!)).id).toBe(made.ada);
  });

  it('answers a request pinned to its own version, and says which version it speaks', async () => {
    const pinned = await stripe.customers.retrieve(
      made.ada!,
      {},
      { apiVersion: SANDBOX_API_VERSION },
    );
    expect(pinned.lastResponse.apiVersion).toBe(SANDBOX_API_VERSION);
  });

  it('refuses a request pinned to another Stripe-Version rather than answer in another shape', async () => {
    const older = new Stripe(sandbox.secretKey, {
      host: sandbox.host,
      port: sandbox.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
      apiVersion: '2024-06-20' as Stripe.LatestApiVersion,
    });
    const refused = await stripeError(older.customers.retrieve(made.ada!));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.statusCode).toBe(400);
    expect(refused.code).toBe('api_version_unsupported');
    expect(refused.message).toContain("'2024-06-20'");
    expect(refused.message).toContain(SANDBOX_API_VERSION);

    // Per request too, and nothing was created by a refused write.
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const write = await stripeError(
      stripe.customers.create({ email: 'x@questa.test' }, { apiVersion: '2025-03-31.basil' }),
    );
    expect(write.code).toBe('api_version_unsupported');
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before);
  });

  it('answers a request without Stripe-Version in its own version', async () => {
    const response = await fetch(`${sandbox.origin}/v1/customers/${made.ada}`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('stripe-version')).toBe(SANDBOX_API_VERSION);
  });
});
