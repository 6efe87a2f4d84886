import { formatMessage, MESSAGES, type Status, toggleConfirmText } from '@gatehouse/contract';
import { i18n } from '@/lib/i18n';
import { ConfirmAction } from './confirm-action';
import { useKitT } from './messages';

/** The nouns of the spec §8 prompts, which the contract words. */
export type ToggleSubject = Parameters<typeof toggleConfirmText>[1];
/** The identity and catalogue records, whose prompts the spec does not show. */
const IDENTITY_NOUNS = [
  'user',
  'group',
  'role',
  'organization',
  'product',
  'application',
  'dictionary',
  'item',
  'entry',
  'page',
  'API',
  'webhook',
  'identity provider',
] as const;
type IdentityNoun = (typeof IDENTITY_NOUNS)[number];
/** What a toggle asks about: a spec §8 noun, or an identity record. */
export type ToggleNoun = ToggleSubject | IdentityNoun;

const isIdentityNoun = (what: ToggleNoun): what is IdentityNoun =>
  (IDENTITY_NOUNS as readonly string[]).includes(what);

/**
 * The prompt before a status change: the contract's wording for the spec §8 nouns ("Disable
 * this client?", "Disable this menu ?"), and the client's form for the identity records.
 */
export function confirmToggleText(next: Status, what: ToggleNoun): string {
  if (isIdentityNoun(what)) return `${next === 'ENABLED' ? 'Enable' : 'Disable'} this ${what}?`;
  return formatMessage(toggleConfirmText(next, what));
}

export type ConfirmToggleProps = {
  /** The current status; anything other than ENABLED offers "Enable". */
  status: string | null | undefined;
  what: ToggleNoun;
  /** Changes the status to `next`; a rejection keeps the toast to the HTTP client. */
  onConfirm: (next: Status) => Promise<void>;
  disabled?: boolean;
  /** Shown on hover, e.g. the no-permission title that `AccessDisable` passes. */
  title?: string;
  /** What the change detaches or stops, said under the question, e.g. a client's tokens. */
  consequence?: string;
};

type KitT = ReturnType<typeof useKitT>;

/** The status a toggle offers: "Enable" for anything other than ENABLED. */
export const nextStatus = (status: string | null | undefined): Status =>
  status === 'ENABLED' ? 'DISABLED' : 'ENABLED';

/**
 * The toggle's button text and question. English keeps the contract's exact wording; Chinese
 * asks without the English noun.
 */
export function toggleTexts(next: Status, what: ToggleNoun, t: KitT): { label: string; question: string } {
  return {
    label: t(next === 'ENABLED' ? 'enable' : 'disable'),
    question:
      i18n.language === 'zh'
        ? t(next === 'ENABLED' ? 'confirmEnable' : 'confirmDisable', { what })
        : confirmToggleText(next, what),
  };
}

/** The Disable/Enable row action of spec §4: a link that asks before it flips the status. */
export function ConfirmToggle({ status, what, onConfirm, disabled, title, consequence }: ConfirmToggleProps) {
  const t = useKitT();
  const next = nextStatus(status);
  return (
    <ConfirmAction
      {...toggleTexts(next, what, t)}
      description={consequence}
      success={MESSAGES.changedSuccessfully}
      onConfirm={() => onConfirm(next)}
      disabled={disabled}
      title={title}
    />
  );
}
