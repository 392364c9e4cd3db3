import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@questa/db';
import { HttpProblem } from '@questa/http-kit';
import type { AccountExport } from '@questa/contracts';
import type { IdentityAccounts } from '../../adapters/identity-accounts';
import { API_SCHEMA, type ApiDb } from '../../db/tables';
import { createAccountDataRepository } from './account-data.repository';
import { createAccountService } from './account.service';
import { openTestSession, startLearningApi, type Learner, type LearningApi } from '../../testing';

/** The provider's account endpoint, played in memory; `down` makes it unreachable. */
function fakeIdentity(): IdentityAccounts & { deleted: string[]; down: boolean } {
  return {
    deleted: [],
    down: false,
    passwordPageUrl: ({ email, locale }) => `http://idp.test/password?${email}&${locale}`,
    async deleteAccount(sub) {
      if (this.down) throw new HttpProblem('unavailable', { retryAfter: 30 });
      this.deleted.push(sub);
    },
  };
}

const table = (name: string) => sql.id(API_SCHEMA, name);

/** Everything a learner can leave in the main API, one row (at least) in every place. */
async function seedEverything(db: ApiDb, user: Learner, other: Learner, planId: string) {
  const uid = user.userId;
  const ids = {
    practice: randomUUID(),
    attempt: randomUUID(),
    room: randomUUID(),
    playerInOwnRoom: randomUUID(),
    playerElsewhere: randomUUID(),
    otherRoom: randomUUID(),
    invoice: randomUUID(),
    subscription: randomUUID(),
  };
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  const content = JSON.stringify({ stem: 'A question' });
  const client = randomUUID();
  const bank = randomUUID();
  const question = randomUUID();
  await run(sql`insert into ${table('entitlement_grants')} (user_id, source, granted_by)
    values (${uid}, 'admin', 'someone')`);
  await run(
    sql`insert into ${table('daily_usage')} (user_id, day, answers) values (${uid}, current_date, 3)`,
  );
  await run(sql`insert into ${table('answer_events')}
    (user_id, source, client_id, bank_id, bank_title, question_id, version, topic, correct, score)
    values (${uid}, 'practice', ${client}, ${bank}, 'Bank', ${question}, 1, 'Topic', true, 1)`);
  await run(sql`insert into ${table('bookmarks')}
    (user_id, question_id, client_id, bank_id, bank_title, topic, excerpt)
    values (${uid}, ${question}, ${client}, ${bank}, 'Bank', 'Topic', 'An excerpt')`);
  await run(sql`insert into ${table('notifications')} (user_id, kind, subject)
    values (${uid}, 'essay_graded', '{}')`);
  await run(sql`insert into ${table('notification_mail_preferences')} (user_id, kind, mail)
    values (${uid}, 'essay_graded', false)`);
  await run(sql`insert into ${table('review_cards')}
    (user_id, question_id, client_id, bank_id, bank_title, version, content, fsrs, state, due)
    values (${uid}, ${question}, ${client}, ${bank}, 'Bank', 1, ${content}, '{}', 'new', now())`);
  await run(sql`insert into ${table('practice_sessions')} (id, user_id, client_id, bank_id, bank_title)
    values (${ids.practice}, ${uid}, ${client}, ${bank}, 'Bank')`);
  await run(sql`insert into ${table('practice_items')}
    (session_id, position, question_id, version, content, presented, answer)
    values (${ids.practice}, 1, ${question}, 1, ${content}, ${content}, '{"choice":1}')`);
  await run(sql`insert into ${table('exam_attempts')}
    (id, user_id, client_id, bank_id, bank_title, blueprint_title, pass_mark, review_policy,
     extra_time_percent, deadline)
    values (${ids.attempt}, ${uid}, ${client}, ${bank}, 'Bank', 'Exam', 0.5, 'full', 0, now())`);
  await run(sql`insert into ${table('exam_questions')}
    (attempt_id, position, question_id, version, content, presented)
    values (${ids.attempt}, 1, ${question}, 1, ${content}, ${content})`);
  await run(sql`insert into ${table('exam_responses')} (attempt_id, position, answer)
    values (${ids.attempt}, 1, '{"choice":1}')`);
  // A room they host, with another learner playing, and a room of the other learner they play in.
  for (const [room, host, player, playerId, nickname] of [
    [ids.room, uid, other.userId, randomUUID(), 'Guest of theirs'],
    [ids.otherRoom, other.userId, uid, ids.playerElsewhere, `Nick ${uid.slice(0, 8)}`],
  ] as const) {
    await run(sql`insert into ${table('live_rooms')}
      (id, code, host_user_id, client_id, bank_id, bank_title, settings, question_count)
      values (${room}, ${String(100000 + Math.floor(Math.random() * 899999))}, ${host}, ${client},
        ${bank}, 'Bank', '{}', 1)`);
    await run(sql`insert into ${table('live_questions')}
      (room_id, position, question_id, version, content, presented)
      values (${room}, 1, ${question}, 1, ${content}, ${content})`);
    await run(sql`insert into ${table('live_players')} (id, room_id, nickname, user_id, token_hash)
      values (${playerId}, ${room}, ${nickname}, ${player}, ${randomUUID()})`);
    await run(sql`insert into ${table('live_answers')} (room_id, player_id, position, answer, elapsed_ms)
      values (${room}, ${playerId}, 1, '{"choice":1}', 1200)`);
  }
  const price = await sql<{ id: string }>`select id from ${table('billing_prices')}
    where plan_id = ${planId} limit 1`.execute(db);
  const priceId = price.rows[0]!.id;
  await run(sql`insert into ${table('billing_customers')} (user_id, partner_customer_id)
    values (${uid}, ${`cus_${uid}`})`);
  await run(sql`insert into ${table('billing_checkouts')}
    (user_id, plan_id, price_id, status, expires_at)
    values (${uid}, ${planId}, ${priceId}, 'expired', now())`);
  await run(sql`insert into ${table('billing_subscriptions')}
    (id, user_id, partner_subscription_id, partner_customer_id, plan_id, price_id, status,
     partner_status, started_at, synced_at)
    values (${ids.subscription}, ${uid}, ${`sub_${uid}`}, ${`cus_${uid}`}, ${planId}, ${priceId},
      'canceled', 'canceled', now(), now())`);
  await run(sql`insert into ${table('billing_subscription_changes')}
    (subscription_id, source, status, before, after)
    values (${ids.subscription}, 'webhook', 'canceled', '{}', '{}')`);
  await run(sql`insert into ${table('billing_invoices')}
    (id, user_id, partner_invoice_id, status, currency, amount_due, amount_paid,
     partner_created_at, synced_at)
    values (${ids.invoice}, ${uid}, ${`in_${uid}`}, 'paid', 'eur', 900, 900, now(), now())`);
  await run(sql`insert into ${table('billing_refunds')} (invoice_id, amount, currency, status)
    values (${ids.invoice}, 100, 'eur', 'succeeded')`);
  await run(sql`insert into ${table('billing_notices')} (key, user_id, kind)
    values (${`notice-${uid}`}, ${uid}, 'renewal_upcoming')`);
  const email = (
    await sql<{ email: string }>`select email from ${table('users')}
    where id = ${uid}`.execute(db)
  ).rows[0]!.email;
  await run(sql`insert into ${table('audit_events')} (action, actor, target, ip)
    values ('premium.granted', 'an-admin', ${email}, '10.0.0.1')`);
  return { ...ids, email };
}

/** Tables with a column that references a user. */
async function userKeyedTables(db: ApiDb): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select distinct tc.table_name
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = ${API_SCHEMA}
      and ccu.table_name = 'users'
    order by 1`.execute(db);
  return rows.map((row) => row.table_name);
}

async function allTables(db: ApiDb): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = ${API_SCHEMA} and table_type = 'BASE TABLE' order by 1`.execute(db);
  return rows.map((row) => row.table_name);
}

/** Per table, how many rows mention `needle` anywhere in their columns. */
async function rowsMentioning(db: ApiDb, needle: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const name of await allTables(db)) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${table(name)} t
      where position(lower(${needle}) in lower(t::text)) > 0`.execute(db);
    if (rows[0]!.count > 0) found[name] = rows[0]!.count;
  }
  return found;
}

describe('a learner’s data: export and account deletion', () => {
  let kit: LearningApi;
  const identity = fakeIdentity();
  let planId: string;

  beforeAll(async () => {
    kit = await startLearningApi({ identityAccounts: identity });
    const plan = await sql<{
      id: string;
    }>`insert into ${table('billing_plans')} (kind, name, features)
      values ('paid', 'Premium', '{}') returning id`.execute(kit.db);
    planId = plan.rows[0]!.id;
    await sql`insert into ${table('billing_prices')} (plan_id, currency, interval, amount)
      values (${planId}, 'eur', 'month', 900)`.execute(kit.db);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('exports the learner’s own data as a JSON attachment, and nobody else’s', async () => {
    const ada = await kit.learner('ada');
    const bob = await kit.learner('bob');
    const adas = await seedEverything(kit.db, ada, bob, planId);
    const bobs = await seedEverything(kit.db, bob, await kit.learner('carl'), planId);

    const response = await ada.call({ url: '/api/account/export' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="questa-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<AccountExport>();
    expect(data.profile).toMatchObject({ id: ada.userId, sub: ada.sub, email: adas.email });
    expect(data.answers).toHaveLength(1);
    expect(data.reviewCards).toHaveLength(1);
    expect(data.bookmarks).toHaveLength(1);
    expect(data.practiceSessions).toMatchObject([{ id: adas.practice, items: [{ position: 1 }] }]);
    expect(data.examAttempts).toMatchObject([
      { id: adas.attempt, questions: [{ position: 1 }], responses: [{ position: 1 }] },
    ]);
    expect(data.liveRoomsHosted).toMatchObject([{ id: adas.room }]);
    expect(data.livePlayers).toMatchObject([{ id: adas.playerElsewhere, answers: [{}] }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.premiumGrants).toHaveLength(1);
    expect(data.dailyUsage).toHaveLength(1);
    expect(data.subscriptions).toMatchObject([{ id: adas.subscription }]);
    expect(data.invoices).toMatchObject([{ id: adas.invoice, refunds: [{ amount: 100 }] }]);
    expect(data.checkouts).toHaveLength(1);

    // No token leaves the server, and nothing of Bob's is in Ada's file.
    expect(response.body).not.toContain('not-a-real-token');
    for (const theirs of [bob.userId, bob.sub, bobs.email, bobs.practice, bobs.attempt]) {
      expect(response.body).not.toContain(theirs);
    }
  });

  it('sends the learner to the provider’s page to change their password, in the app’s language', async () => {
    const fay = await kit.learner('fay');
    const response = await fay.call({ url: '/api/account/password?locale=de' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://idp.test/password?${fay.sub}@example.test&de`);
    // The session tells the client the page exists, so it offers the change.
    expect((await fay.call({ url: '/api/session' })).json()).toMatchObject({ passwordPage: true });
  });

  it('offers no password page where an external provider manages passwords', async () => {
    const external = await startLearningApi();
    try {
      const gil = await external.learner('gil');
      expect((await gil.call({ url: '/api/session' })).json()).toMatchObject({
        passwordPage: false,
      });
      const response = await gil.call({ url: '/api/account/password' });
      expect(response.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await external.close();
    }
  });

  it('refuses to delete without the typed email, or while a subscription still renews', async () => {
    const cleo = await kit.learner('cleo');
    const wrong = await cleo.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: 'delete' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'confirm' }],
    });

    const email = `${cleo.sub}@example.test`;
    await sql`insert into ${table('billing_subscriptions')}
      (user_id, partner_subscription_id, partner_customer_id, status, partner_status, started_at,
       synced_at)
      values (${cleo.userId}, ${`sub_${cleo.userId}`}, 'cus_x', 'active', 'active', now(), now())`.execute(
      kit.db,
    );
    const charging = await cleo.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: email.toUpperCase() },
    });
    expect(charging.statusCode).toBe(409);
    expect(charging.json()).toMatchObject({ code: 'account.subscription_active' });
    expect(identity.deleted).not.toContain(cleo.sub);

    // Set to end at the period's end, it charges no more: deleting may go ahead.
    await sql`update ${table('billing_subscriptions')} set cancel_at_period_end = true
      where user_id = ${cleo.userId}`.execute(kit.db);
    const deleted = await cleo.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: email },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('leaves everything in place when the provider is down, and finishes on retry', async () => {
    const dan = await kit.learner('dan');
    const eve = await kit.learner('eve');
    const dans = await seedEverything(kit.db, dan, eve, planId);
    const eves = await seedEverything(kit.db, eve, dan, planId);

    // Every table that points at a user got a row of Dan's: a new one must be seeded (and erased).
    const keyed = await userKeyedTables(kit.db);
    const before = await rowsMentioning(kit.db, dan.userId);
    expect(keyed.filter((name) => !(name in before))).toEqual([]);
    const eveBefore = await rowsMentioning(kit.db, eve.userId);

    identity.down = true;
    const down = await dan.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: dans.email },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'unavailable' });
    expect(await rowsMentioning(kit.db, dan.userId)).toEqual(before);
    const pending = await sql<{ deletion_requested_at: string | null }>`
      select deletion_requested_at from ${table('users')} where id = ${dan.userId}`.execute(kit.db);
    expect(pending.rows[0]!.deletion_requested_at).not.toBeNull();
    expect((await dan.call({ url: '/api/session' })).json()).toMatchObject({
      user: { id: dan.userId },
    });

    identity.down = false;
    const done = await dan.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: dans.email },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ redirectTo: '/account-deleted' });
    expect(String(done.headers['set-cookie'])).toMatch(/questa_session=;.*Max-Age=0/i);
    expect(identity.deleted).toContain(dan.sub);

    // Only the records the law or other people need stay, and they no longer say who it was.
    expect(await rowsMentioning(kit.db, dan.userId)).toEqual({
      users: 1,
      audit_events: 2,
      billing_customers: 1,
      billing_subscriptions: 1,
      billing_invoices: 1,
    });
    expect(await rowsMentioning(kit.db, dans.email)).toEqual({});
    for (const gone of [dans.practice, dans.attempt, dans.room]) {
      expect(await rowsMentioning(kit.db, gone)).toEqual({});
    }
    const tombstone = await sql<{ display_name: string; email: string; deleted_at: string | null }>`
      select display_name, email, deleted_at from ${table('users')} where id = ${dan.userId}`.execute(
      kit.db,
    );
    expect(tombstone.rows[0]).toMatchObject({ display_name: 'Former member' });
    expect(tombstone.rows[0]!.deleted_at).not.toBeNull();
    // Their score in Eve's room stays on her leaderboard, under a name that says nobody.
    const player = await sql<{ nickname: string; user_id: string | null }>`
      select nickname, user_id from ${table('live_players')} where id = ${dans.playerElsewhere}`.execute(
      kit.db,
    );
    expect(player.rows[0]).toMatchObject({ user_id: null });
    expect(player.rows[0]!.nickname).toMatch(/^Former member /);
    const recorded = await sql<{ actor: string | null; target: string; details: unknown }>`
      select actor, target, details from ${table('audit_events')}
      where action = 'account.deleted' and target = ${`user/${dan.userId}`}`.execute(kit.db);
    expect(recorded.rows).toEqual([{ actor: null, target: `user/${dan.userId}`, details: {} }]);

    // Signed out, and Eve's data is as it was, but for the rooms of Dan's she played in.
    expect((await dan.call({ url: '/api/session' })).json()).toMatchObject({ user: null });
    // She played in both of Dan's rooms, which went with him.
    expect(eveBefore.live_players).toBe(2);
    const { live_players: _playedInDansRoom, ...eveKept } = eveBefore;
    expect(await rowsMentioning(kit.db, eve.userId)).toEqual(eveKept);
    expect((await eve.call({ url: '/api/account/export' })).json<AccountExport>()).toMatchObject({
      answers: [{}],
      practiceSessions: [{ id: eves.practice }],
      examAttempts: [{ id: eves.attempt }],
    });

    // A provider that could not delete the account (an external one) may sign them in again:
    // they start afresh, and may delete again.
    await openTestSession(kit.beside.database, { sub: dan.sub, email: dans.email });
    const revived = await sql<{ deleted_at: string | null; email: string }>`
      select deleted_at, email from ${table('users')} where id = ${dan.userId}`.execute(kit.db);
    expect(revived.rows[0]).toEqual({ deleted_at: null, email: dans.email });
  });

  it('finishes a deletion the provider held up without the person coming back', async () => {
    const gil = await kit.learner('gil');
    const hal = await kit.learner('hal');
    const gils = await seedEverything(kit.db, gil, hal, planId);
    identity.down = true;
    const held = await gil.call({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: gils.email },
    });
    expect(held.statusCode).toBe(503);

    const sweep = createAccountService({ data: createAccountDataRepository(kit.db), identity });
    await expect(sweep.finishPendingDeletions(0)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await sweep.finishPendingDeletions(60_000)).toBe(0);
    identity.down = false;
    expect(await sweep.finishPendingDeletions(0)).toBe(1);
    expect(identity.deleted).toContain(gil.sub);
    expect(await rowsMentioning(kit.db, gils.email)).toEqual({});
    expect(await rowsMentioning(kit.db, gil.userId)).not.toHaveProperty('sessions');
    expect(await sweep.finishPendingDeletions(0)).toBe(0);
  });
});
