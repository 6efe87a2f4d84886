import { eventMatches, type UpdateWebhook, WEBHOOK_EVENT_TYPES, type Webhook } from '@gatehouse/contract';

/** The webhook form's values. */
export type WebhookFormValues = {
  name: string;
  url: string;
  events: string[];
  description?: string | null;
  enabled: boolean;
};

/** The form's values as the create and update bodies take them: a blank description is none. */
export function webhookBody({ name, url, events, description, enabled }: WebhookFormValues): UpdateWebhook {
  return {
    name,
    url: url.trim(),
    events: events.map((e) => e.trim()),
    description: description?.trim() || null,
    enabled: enabled ?? true,
  };
}

/** What the form shows of a webhook it edits or details. */
export function webhookValues(webhook: Webhook): WebhookFormValues {
  return {
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    enabled: webhook.enabled,
  };
}

/**
 * The group patterns the form offers beside the event types: `*`, then each dotted prefix that
 * two or more of `types` share (`user.*`, `application.client.*`), without a group that matches
 * just what a longer one does (`data.*` is `data.access.*`).
 */
export function eventGroups(types: readonly string[] = WEBHOOK_EVENT_TYPES): string[] {
  const prefixes = new Set<string>();
  for (const type of types) {
    const parts = type.split('.');
    for (let end = 1; end < parts.length; end++) prefixes.add(`${parts.slice(0, end).join('.')}.*`);
  }
  const matched = (group: string) =>
    types
      .filter((t) => eventMatches(group, t))
      .sort()
      .join();
  const groups = [...prefixes].filter((group) => types.filter((t) => eventMatches(group, t)).length >= 2);
  const kept = groups.filter(
    (group) => !groups.some((longer) => longer.length > group.length && matched(longer) === matched(group)),
  );
  return ['*', ...kept];
}

/** How a webhook's status reads: enabled, enabled while failing, disabled by hand, or disabled for failing. */
export type WebhookState = 'enabled' | 'failing' | 'disabled' | 'disabledFailing';

export function webhookState({ enabled, disabledReason, failingSince }: Webhook): WebhookState {
  if (!enabled) return disabledReason === 'failing' ? 'disabledFailing' : 'disabled';
  return failingSince ? 'failing' : 'enabled';
}

/** The first `max` event patterns a row shows, and how many more it has. */
export function eventsShown(events: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: events.slice(0, max), more: Math.max(0, events.length - max) };
}
