import type { Message } from '@gatehouse/contract/i18n';
import { useSay } from '@/lib/i18n';

/**
 * A contract message in the console's language, drawn again when it changes. For texts fixed
 * before render, such as a form rule's `message`.
 */
export function Localized({ message }: { message: Message | string }) {
  const say = useSay();
  return <>{say(message)}</>;
}
