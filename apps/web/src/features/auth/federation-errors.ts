import { FEDERATION_MESSAGES, isMessageKey } from '@gatehouse/contract';
import type { Message } from '@/lib/i18n';

/** Beside `sso_error`, the name of the provider the sign-in went through, where the server knew it. */
export const FEDERATION_PROVIDER_PARAM = 'sso_provider';

// The sign-in's federation messages, which the way in's catalogue holds; the Provider screen's
// rules are not among them.
const KNOWN: ReadonlyMap<string, Message> = new Map(
  Object.values(FEDERATION_MESSAGES)
    .filter((message) => isMessageKey(message.key))
    .map((message) => [message.key, message]),
);

/**
 * The message a failed upstream sign-in came back with (`?sso_error=<key>`), when it is one of
 * the federation messages; anything else in the URL is not shown, so a crafted link cannot
 * put words on the sign-in page. `provider` fills the message's `{name}`.
 */
export function federationError(key: string | null | undefined, provider: string): Message | undefined {
  const message = key ? KNOWN.get(key) : undefined;
  return message && { key: message.key, params: { name: provider } };
}
