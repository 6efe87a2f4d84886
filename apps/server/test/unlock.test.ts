import { MESSAGES } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { build, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});

const UNLOCK = '/api/oauth2-server/unlock';

describe('POST /api/oauth2-server/unlock', () => {
  it('answers a wrong password on the field, a right one with ok, and audits both with the actor', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);

    const wrong = await t.post(UNLOCK, { password: 'not-the-password' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessages(wrong.json())).toEqual({ password: en(MESSAGES.currentPasswordWrong) });

    const right = await t.post(UNLOCK, { password: user.password }, token);
    expect(right.statusCode).toBe(200);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.userId)));
    const unlocks = rows.filter((r) => r.action.startsWith('unlock'));
    expect(unlocks.map((r) => r.action).sort()).toEqual(['unlock', 'unlock.failed']);
    for (const row of unlocks) expect(row.actorName).toBe(user.username);
    expect(JSON.stringify(unlocks)).not.toContain(user.password);
  });

  it('needs a session', async () => {
    expect((await t.post(UNLOCK, { password: 'x' })).statusCode).toBe(401);
  });
});
