import { describe, expect, it } from 'vitest';
import { auditPageQuery } from '@/components/audit/api/list-audit';
import { AUDIT_SEARCH_FIELDS, auditFilterOf } from './audit-search';

/** The instant of a local time, as the filter sends it. */
const local = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(
    parts[0],
    parts[1] - 1,
    parts[2],
    parts[3] ?? 0,
    parts[4] ?? 0,
    parts[5] ?? 0,
    parts[6] ?? 0,
  ).toISOString();

describe('auditFilterOf', () => {
  it('passes the keyword and the text fields on as the server names them', () => {
    expect(
      auditFilterOf({
        keyword: 'roles',
        actor: 'alice',
        entityId: 'r-1',
        applicationId: 'billing',
        requestId: 'req-9',
        ip: '10.0.0.1',
      }),
    ).toEqual({
      keyword: 'roles',
      actor: 'alice',
      entityId: 'r-1',
      applicationId: 'billing',
      requestId: 'req-9',
      ip: '10.0.0.1',
    });
  });

  it('sends actions and entities as lists, one value included', () => {
    expect(auditFilterOf({ action: 'update', entity: ['role', 'user'] })).toEqual({
      action: ['update'],
      entity: ['role', 'user'],
    });
  });

  it('makes the days of the range instants: the first day from its local midnight, the last to its end', () => {
    expect(auditFilterOf({ atFrom: '2026/01/30', atTo: '2026/01/31' })).toEqual({
      from: local(2026, 1, 30),
      to: local(2026, 1, 31, 23, 59, 59, 999),
    });
    expect(auditFilterOf({ atTo: '2026/02/28' })).toEqual({ to: local(2026, 2, 28, 23, 59, 59, 999) });
  });

  it('leaves out a day that is not one, and empty values', () => {
    expect(auditFilterOf({ atFrom: '2026/02/31', atTo: 'yesterday', actor: '' })).toEqual({});
  });

  it('reads every parameter its search fields write', () => {
    expect(AUDIT_SEARCH_FIELDS.map((f) => [f.name, f.type])).toEqual([
      ['actor', 'text'],
      ['action', 'multi-select'],
      ['entity', 'multi-select'],
      ['entityId', 'text'],
      ['applicationId', 'text'],
      ['at', 'date'],
      ['requestId', 'text'],
      ['ip', 'text'],
    ]);
    // Any action may be typed; the entities are the contract's.
    expect(AUDIT_SEARCH_FIELDS[1]?.freeValues).toBe(true);
    expect(AUDIT_SEARCH_FIELDS[2]?.options?.map((o) => o.value)).toContain('application-client');
  });
});

describe('auditPageQuery', () => {
  it("sends the page 0-based, or the cursor in the page's place", () => {
    const filter = { actor: 'alice' };
    expect(auditPageQuery({ filter, page: 3, size: 20 })).toEqual({ actor: 'alice', size: 20, page: 2 });
    expect(auditPageQuery({ filter, page: 3, size: 20, cursor: 'YTEyMw' })).toEqual({
      actor: 'alice',
      size: 20,
      cursor: 'YTEyMw',
    });
  });
});
