import {
  createWebhookSchema,
  eventPatternSchema,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import {
  canRedeliver,
  listPollInterval,
  POLL_EVERY_MS,
  POLL_FOR_MS,
  pollInterval,
  prettyBody,
} from './delivery-values';
import { eventGroups, eventsShown, webhookBody, webhookState } from './webhook-values';

const WEBHOOK: Webhook = {
  webhookId: '7d0c8b8e-3a0e-4c55-9a55-1f9b0e0b6f11',
  name: 'Mirror',
  url: 'https://hooks.example.com/gatehouse',
  events: ['user.*', 'role.updated'],
  applicationId: null,
  description: null,
  enabled: true,
  disabledReason: null,
  failingSince: null,
  ownerId: null,
  ownerName: null,
  createdDate: '2026-11-27T09:00:00.000Z',
  lastModifiedDate: '2026-11-27T09:00:00.000Z',
};

describe('the webhook form', () => {
  it('sends a blank description as none, and the URL and patterns trimmed', () => {
    expect(
      webhookBody({
        name: 'Mirror',
        url: ' https://hooks.example.com/x ',
        events: [' user.* '],
        description: '  ',
        enabled: false,
      }),
    ).toEqual({
      name: 'Mirror',
      url: 'https://hooks.example.com/x',
      events: ['user.*'],
      description: null,
      enabled: false,
    });
  });

  it('offers every event and the groups two or more offered types share, each a valid pattern', () => {
    const groups = eventGroups();
    expect(groups[0]).toBe('*');
    expect(groups).toEqual(
      expect.arrayContaining(['user.*', 'auth.*', 'role.*', 'application.*', 'application.client.*']),
    );
    // data.* matches just what data.access.* does; one type alone is no group.
    expect(groups).toContain('data.access.*');
    expect(groups).not.toContain('data.*');
    expect(groups).not.toContain('application.client.secret.*');
    for (const pattern of [...groups, ...WEBHOOK_EVENT_TYPES])
      expect(eventPatternSchema.safeParse(pattern).success, pattern).toBe(true);
    expect(createWebhookSchema.shape.events.safeParse(groups).success).toBe(true);
  });

  it('groups a list of its own', () => {
    expect(eventGroups(['a.b.c', 'a.b.d', 'a.e', 'f'])).toEqual(['*', 'a.*', 'a.b.*']);
    expect(eventGroups(['x.y.one', 'x.y.two'])).toEqual(['*', 'x.y.*']);
  });
});

describe('a webhook row', () => {
  it('reads as enabled, failing, disabled or disabled for failing', () => {
    expect(webhookState(WEBHOOK)).toBe('enabled');
    expect(webhookState({ ...WEBHOOK, failingSince: '2026-11-26T00:00:00Z' })).toBe('failing');
    expect(webhookState({ ...WEBHOOK, enabled: false, disabledReason: 'manual' })).toBe('disabled');
    expect(
      webhookState({
        ...WEBHOOK,
        enabled: false,
        disabledReason: 'failing',
        failingSince: '2026-11-20T00:00:00Z',
      }),
    ).toBe('disabledFailing');
  });

  it('shows the first events and counts the rest', () => {
    expect(eventsShown(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(eventsShown(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('the delivery log', () => {
  const sent = Date.parse('2026-11-27T10:00:00.000Z');
  const pending = { status: 'PENDING' as const, createdDate: '2026-11-27T10:00:00.000Z' };

  it('watches a pending delivery every second, for a short while only', () => {
    expect(pollInterval(pending, sent + 500)).toBe(POLL_EVERY_MS);
    expect(pollInterval(pending, sent + POLL_FOR_MS + 1)).toBe(false);
    expect(pollInterval({ ...pending, status: 'SUCCEEDED' }, sent + 500)).toBe(false);
    expect(pollInterval({ ...pending, status: 'FAILED' }, sent + 500)).toBe(false);
    expect(pollInterval(undefined, sent)).toBe(false);
    expect(pollInterval({ ...pending, createdDate: 'not a date' }, sent)).toBe(false);
  });

  it('asks for the page again while one of its deliveries is pending and recent', () => {
    const done = { status: 'SUCCEEDED' as const, createdDate: pending.createdDate };
    expect(listPollInterval([done, pending], sent + 1000)).toBe(POLL_EVERY_MS);
    expect(listPollInterval([done], sent + 1000)).toBe(false);
    expect(listPollInterval([pending], sent + POLL_FOR_MS * 2)).toBe(false);
    expect(listPollInterval(undefined)).toBe(false);
  });

  it('offers Redeliver on a finished delivery only', () => {
    expect(canRedeliver({ status: 'SUCCEEDED' })).toBe(true);
    expect(canRedeliver({ status: 'FAILED' })).toBe(true);
    expect(canRedeliver({ status: 'PENDING' })).toBe(false);
  });

  it('shows a payload and a JSON body indented, any other body as it came', () => {
    expect(prettyBody({ type: 'webhook.test' })).toBe('{\n  "type": "webhook.test"\n}');
    expect(prettyBody('{"ok":true}')).toBe('{\n  "ok": true\n}');
    expect(prettyBody('plain text')).toBe('plain text');
    expect(prettyBody(null)).toBe('');
  });
});
