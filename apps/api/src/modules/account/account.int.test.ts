import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@questa/db';
import { HttpProblem } from '@questa/http-kit';
import { createOutboxTransport, readOutbox } from '@questa/mail';
import { questionDb, seedMembership } from '@questa/question-db';
import type { AccountExport, AdminUser, DeletionScheduled } from '@questa/contracts';
import type { IdentityAccounts } from '../../adapters/identity-accounts';
import { API_SCHEMA, type ApiDb } from '../../db/tables';
import { createAuditRepository } from '../audit/audit.repository';
import { createUserRepository } from '../users/user.repository';
import { createAccountDataRepository } from './account-data.repository';
import { createAccountService } from './account.service';
import {
  openTestSession,
  startLearningApi,
  TEST_ORIGIN,
  type Learner,
  type LearningApi,
} from '../../testing';

/** The provider's account endpoint, played in memory; `down` makes it unreachable. */
function fakeIdentity(): IdentityAccounts & {
  deleted: string[];
  signedOut: string[];
  down: boolean;
} {
  return {
    deleted: [],
    signedOut: [],
    down: false,
    passwordPageUrl: ({ email, locale }) => `http://idp.test/password?${email}&${locale}`,
    async deleteAccount(sub) {
      if (this.down) throw new HttpProblem('unavailable', { retryAfter: 30 });
      this.deleted.push(sub);
    },
    async endSignIns(sub) {
      if (this.down) throw new HttpProblem('unavailable', { retryAfter: 30 });
      this.signedOut.push(sub);
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the tests move: deletions wait fourteen days, and no test does. */
function movableClock(start = Date.now()) {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
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
  // A class they teach, with an assignment they gave, their own submission and reminder in it.
  const classId = randomUUID();
  const assignmentId = randomUUID();
  await run(sql`insert into ${table('classes')} (id, client_id, name, join_code, teacher_id)
    values (${classId}, ${client}, 'Class', ${randomUUID().slice(0, 8)}, ${uid})`);
  await run(
    sql`insert into ${table('class_members')} (class_id, user_id) values (${classId}, ${uid})`,
  );
  await run(sql`insert into ${table('assignments')}
    (id, class_id, kind, title, client_id, bank_id, bank_title, question_count, opens_at, due_at,
     attempts_allowed, late_policy, created_by)
    values (${assignmentId}, ${classId}, 'practice', 'Set', ${client}, ${bank}, 'Bank', 1,
      now() - interval '1 day', now() + interval '1 day', 1, 'accept', ${uid})`);
  await run(sql`insert into ${table('submissions')} (assignment_id, user_id, attempt, practice_session_id)
    values (${assignmentId}, ${uid}, 1, ${ids.practice})`);
  await run(sql`insert into ${table('assignment_reminders')} (assignment_id, user_id)
    values (${assignmentId}, ${uid})`);
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
  const clock = movableClock();
  let outboxDir: string;
  let planId: string;

  beforeAll(async () => {
    outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'questa-deletion-')), 'outbox');
    kit = await startLearningApi({
      identityAccounts: identity,
      now: clock.now,
      billing: { mail: createOutboxTransport(outboxDir) },
    });
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
    expect(data.notifications).toMatchObject([{ kind: 'essay_graded', read_at: null }]);
    expect(data.mailPreferences).toEqual([{ kind: 'essay_graded', mail: false }]);

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

  /** A sweeping API process of its own on the same database and clock, as a second instance is. */
  const sweeper = () =>
    createAccountService({
      data: createAccountDataRepository(kit.db),
      audit: createAuditRepository(kit.db),
      identity,
      endSessions: async () => {},
      mail: createOutboxTransport(outboxDir),
      publicUrl: TEST_ORIGIN,
      now: clock.now,
    });
  /** Carries out what earlier tests left due, so a test counts only its own deletions. */
  const settleEarlierDeletions = async () => {
    clock.advance(15 * DAY_MS);
    await sweeper().finishDueDeletions();
  };
  const mailTo = async (email: string) =>
    (await readOutbox(outboxDir)).filter((message) => message.to === email);
  const userRow = async (userId: string) =>
    (
      await sql<{
        deletion_requested_at: string | null;
        deletion_due_at: string | null;
        deleted_at: string | null;
      }>`select deletion_requested_at, deletion_due_at, deleted_at from ${table('users')}
        where id = ${userId}`.execute(kit.db)
    ).rows[0]!;
  const requestDeletion = (learner: Learner, confirm: string) =>
    learner.call({ method: 'POST', url: '/api/account/delete', payload: { confirm } });

  it('refuses to schedule without the typed email, or while a subscription still renews', async () => {
    const cleo = await kit.learner('cleo');
    const wrong = await requestDeletion(cleo, 'delete');
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
    const charging = await requestDeletion(cleo, email.toUpperCase());
    expect(charging.statusCode).toBe(409);
    expect(charging.json()).toMatchObject({ code: 'account.subscription_active' });
    expect((await userRow(cleo.userId)).deletion_due_at).toBeNull();

    // Set to end at the period's end, it charges no more: the deletion may be scheduled.
    await sql`update ${table('billing_subscriptions')} set cancel_at_period_end = true
      where user_id = ${cleo.userId}`.execute(kit.db);
    const scheduled = await requestDeletion(cleo, email);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
  });

  it('schedules the deletion fourteen days out, signs out everywhere and mails the date', async () => {
    const ida = await kit.learner('ida');
    const otherBrowser = await openTestSession(kit.beside.database, {
      sub: ida.sub,
      email: `${ida.sub}@example.test`,
    });
    const email = `${ida.sub}@example.test`;
    const askedAt = clock.now();

    const response = await requestDeletion(ida, email);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DeletionScheduled>();
    expect(Date.parse(body.dueAt)).toBe(askedAt.getTime() + 14 * DAY_MS);
    expect(body.redirectTo).toBe(`/account-deleted?due=${encodeURIComponent(body.dueAt)}`);
    expect(String(response.headers['set-cookie'])).toMatch(/questa_session=;.*Max-Age=0/i);

    // Nothing is erased yet; both browsers are signed out, and so is the provider's sign-in.
    const row = await userRow(ida.userId);
    expect(row.deleted_at).toBeNull();
    expect(Date.parse(row.deletion_due_at!)).toBe(Date.parse(body.dueAt));
    expect((await ida.call({ url: '/api/session' })).json()).toMatchObject({ user: null });
    const other = await kit.api.inject({
      url: '/api/session',
      headers: { cookie: `questa_session=${otherBrowser.cookieValue}` },
    });
    expect(other.json()).toMatchObject({ user: null });
    expect(identity.signedOut).toContain(ida.sub);
    expect(identity.deleted).not.toContain(ida.sub);

    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your Questa account will be deleted in 14 days');
    expect(mail!.text).toContain('Sign in before then and the deletion is cancelled');
    expect(mail!.text).toContain(
      new Date(body.dueAt).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );

    // Asking again (another tab) keeps the date the person was told.
    clock.advance(DAY_MS);
    const again = await openTestSession(kit.beside.database, { sub: ida.sub, email });
    await kit.api.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { confirm: email },
      headers: {
        cookie: `questa_session=${again.cookieValue}`,
        'x-questa-request': '1',
        origin: TEST_ORIGIN,
      },
    });
    expect(Date.parse((await userRow(ida.userId)).deletion_due_at!)).toBe(Date.parse(body.dueAt));
  });

  it('cancels the deletion when its owner signs in during the fourteen days, and mails to say so', async () => {
    const jo = await kit.learner('jo');
    const email = `${jo.sub}@example.test`;
    expect((await requestDeletion(jo, email)).statusCode).toBe(200);
    clock.advance(13 * DAY_MS);

    // What the sign-in callback asks before it opens the session.
    const account = sweeper();
    expect(await account.signedIn(jo.userId)).toBe('/account?notice=deletion-cancelled');
    expect(await userRow(jo.userId)).toMatchObject({
      deletion_requested_at: null,
      deletion_due_at: null,
      deleted_at: null,
    });
    const mails = await mailTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Questa account will be deleted in 14 days',
      'Your Questa account will not be deleted',
    ]);
    // A later sign-in is an ordinary one, and the day the grace would have ended erases nothing.
    expect(await account.signedIn(jo.userId)).toBeUndefined();
    clock.advance(2 * DAY_MS);
    await account.finishDueDeletions();
    expect((await userRow(jo.userId)).deleted_at).toBeNull();
    expect(identity.deleted).not.toContain(jo.sub);
    const events = await sql<{ action: string }>`select action from ${table('audit_events')}
      where target = ${`user/${jo.userId}`} order by id`.execute(kit.db);
    expect(events.rows.map((event) => event.action)).toEqual([
      'account.deletion_requested',
      'account.deletion_cancelled',
    ]);
  });

  it('erases every table when the grace runs out, once, however many processes sweep', async () => {
    const dan = await kit.learner('dan');
    const eve = await kit.learner('eve');
    const dans = await seedEverything(kit.db, dan, eve, planId);
    const eves = await seedEverything(kit.db, eve, dan, planId);

    // Every table that points at a user got a row of Dan's: a new one must be seeded (and erased).
    const keyed = await userKeyedTables(kit.db);
    const before = await rowsMentioning(kit.db, dan.userId);
    expect(keyed.filter((name) => !(name in before))).toEqual([]);
    const eveBefore = await rowsMentioning(kit.db, eve.userId);

    await settleEarlierDeletions();
    expect((await requestDeletion(dan, dans.email)).statusCode).toBe(200);
    const { sessions: _ended, ...pendingBefore } = before;
    const { sessions: _none, ...pendingNow } = await rowsMentioning(kit.db, dan.userId);
    // The request's own audit entry is the one row more.
    expect(pendingNow).toEqual({ ...pendingBefore, audit_events: (before.audit_events ?? 0) + 1 });

    // A minute before it is due, no sweep touches it; a minute after, exactly one erases it.
    clock.advance(14 * DAY_MS - 60_000);
    expect(await sweeper().finishDueDeletions()).toBe(0);
    clock.advance(120_000);
    const counts = await Promise.all(
      [sweeper(), sweeper(), sweeper()].map((s) => s.finishDueDeletions()),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(identity.deleted.filter((sub) => sub === dan.sub)).toHaveLength(1);
    // Too late to cancel by signing in: the account is gone.
    expect(await sweeper().signedIn(dan.userId)).toBeUndefined();

    // Only the records the law or other people need stay, and they no longer say who it was.
    expect(await rowsMentioning(kit.db, dan.userId)).toEqual({
      users: 1,
      audit_events: 3,
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

    // Eve's data is as it was, but for the rooms of Dan's she played in, which went with him.
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

  it('finishes a due deletion the provider held up at the next sweep', async () => {
    const gil = await kit.learner('gil');
    const hal = await kit.learner('hal');
    const gils = await seedEverything(kit.db, gil, hal, planId);
    await settleEarlierDeletions();
    expect((await requestDeletion(gil, gils.email)).statusCode).toBe(200);
    clock.advance(14 * DAY_MS + 1);

    identity.down = true;
    await expect(sweeper().finishDueDeletions()).rejects.toMatchObject({ code: 'unavailable' });
    expect((await userRow(gil.userId)).deleted_at).toBeNull();
    // Due, so signing in now is refused rather than cancelling what is under way.
    await expect(sweeper().signedIn(gil.userId)).rejects.toMatchObject({ code: 'auth.required' });
    identity.down = false;
    expect(await sweeper().finishDueDeletions()).toBe(1);
    expect(identity.deleted).toContain(gil.sub);
    expect(await rowsMentioning(kit.db, gils.email)).toEqual({});
    expect(await sweeper().finishDueDeletions()).toBe(0);
  });

  it('shows the pending deletion in the export', async () => {
    const kim = await kit.learner('kim');
    const email = `${kim.sub}@example.test`;
    await sweeper().requestDeletion(kim.userId, email);
    const again = await openTestSession(kit.beside.database, { sub: kim.sub, email });
    // This sign-in skipped the callback, so the deletion is still pending while it lasts.
    const exported = await kit.api.inject({
      url: '/api/account/export',
      headers: { cookie: `questa_session=${again.cookieValue}` },
    });
    const { profile } = exported.json<AccountExport>();
    expect(Date.parse(String(profile.deletionDueAt))).toBe(clock.now().getTime() + 14 * DAY_MS);
    expect(profile.deletionRequestedAt).not.toBeNull();
  });
});

describe('an admin deletes an account at once, for a legal request', () => {
  let kit: LearningApi;
  const identity = fakeIdentity();
  let admin: Learner;
  let adminEmail: string;

  beforeAll(async () => {
    kit = await startLearningApi({ identityAccounts: identity });
    const sub = `root-${Math.random().toString(36).slice(2)}`;
    adminEmail = `${sub}@example.test`;
    const { cookieValue, userId } = await openTestSession(kit.beside.database, {
      sub,
      email: adminEmail,
      accessToken: await kit.beside.issuer.sign({ sub, roles: ['admin'] }),
    });
    await createUserRepository(kit.db).grantRole(userId, 'admin');
    const cookie = `questa_session=${cookieValue}`;
    admin = {
      userId,
      sub,
      cookie,
      call: (request) =>
        kit.api.inject({
          ...request,
          headers: { cookie, 'x-questa-request': '1', origin: TEST_ORIGIN },
        }),
    };
  });
  afterAll(async () => {
    await kit?.close();
  });

  const deleteNow = (by: Learner, userId: string, confirm: string) =>
    by.call({ method: 'POST', url: `/api/admin/users/${userId}/delete`, payload: { confirm } });

  it('erases the account now, ends its sessions and audits the admin', async () => {
    const lia = await kit.learner('lia');
    const email = `${lia.sub}@example.test`;
    const wrong = await deleteNow(admin, lia.userId, 'someone@else.test');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'confirm' }],
    });

    const done = await deleteNow(admin, lia.userId, email.toUpperCase());
    expect(done.statusCode, done.body).toBe(204);
    expect(identity.deleted).toContain(lia.sub);
    expect((await lia.call({ url: '/api/session' })).json()).toMatchObject({ user: null });
    expect(await rowsMentioning(kit.db, email)).toEqual({});
    const events = await sql<{ action: string; actor: string | null; details: unknown }>`
      select action, actor, details from ${table('audit_events')}
      where target = ${`user/${lia.userId}`} order by id`.execute(kit.db);
    expect(events.rows).toEqual([
      {
        action: 'account.deleted_by_admin',
        actor: admin.sub,
        details: { reason: 'legal request' },
      },
      { action: 'account.deleted', actor: null, details: {} },
    ]);
    expect((await deleteNow(admin, lia.userId, email)).json()).toMatchObject({ code: 'not_found' });
  });

  it('keeps a deletion the provider held up due, so signing in cannot undo it', async () => {
    const max = await kit.learner('max');
    const email = `${max.sub}@example.test`;
    identity.down = true;
    const held = await deleteNow(admin, max.userId, email);
    expect(held.statusCode).toBe(503);
    // Admin Users shows the deletion as due, in the API's ISO form.
    const listed = await admin.call({ url: `/api/admin/users?q=${max.sub}` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ users: AdminUser[] }>().users[0]!.deletionDueAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
    const account = createAccountService({
      data: createAccountDataRepository(kit.db),
      audit: createAuditRepository(kit.db),
      identity,
      endSessions: async () => {},
      publicUrl: TEST_ORIGIN,
    });
    await expect(account.signedIn(max.userId)).rejects.toMatchObject({ code: 'auth.required' });
    identity.down = false;
    expect(await account.finishDueDeletions()).toBe(1);
    expect(identity.deleted).toContain(max.sub);
  });

  it('refuses the admin’s own account, and anyone who is not a platform admin', async () => {
    const self = await deleteNow(admin, admin.userId, adminEmail);
    expect(self.statusCode).toBe(400);

    const ned = await kit.learner('ned');
    const nedEmail = `${ned.sub}@example.test`;
    const learner = await kit.learner('ola');
    expect((await deleteNow(learner, ned.userId, nedEmail)).statusCode).toBe(403);

    // An owner of a tenant manages its members, never their accounts.
    const owner = await kit.learner('pia');
    await seedMembership(questionDb(kit.beside.database), {
      tenantSlug: 'learning-test',
      userId: owner.sub,
      role: 'owner',
    });
    const asOwner = await deleteNow(owner, ned.userId, nedEmail);
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toMatchObject({ code: 'auth.forbidden' });
    expect(identity.deleted).not.toContain(ned.sub);
    expect((await ned.call({ url: '/api/session' })).json()).toMatchObject({
      user: { id: ned.userId },
    });
  });
});
