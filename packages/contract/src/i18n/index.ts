/**
 * Messages as keys: a `Message` names a key of the catalogues and its parameters; each side
 * renders it in the reader's language with `formatMessage`. This part of the contract imports
 * no zod, so the sign-in page and the server's plain pages load it alone. English comes in
 * parts: the way in's is always here (en.ts); the console's, each area's beyond the lists and
 * the server's (en-all.ts) are added with `addCatalogue` where they are first needed, as
 * another language's catalogue is (the console loads the Chinese one whole, on demand; the
 * server adds everything at start).
 */
import { PRODUCT_NAME } from '../product.ts';
import { EN_SIGN_IN } from './en.ts';
import type { EN_PARTS } from './en-all.ts';

type Parts = typeof EN_PARTS;
export type MessageKey = keyof typeof EN_SIGN_IN | { [part in keyof Parts]: keyof Parts[part] }[keyof Parts];

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A parameter: a value shown as it is, a message rendered in the same language, or a list of them. */
export type MessageParam = string | number | Message | readonly (string | number | Message)[];
export type MessageParams = Readonly<Record<string, MessageParam>>;

export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export type Catalogue = Readonly<Record<MessageKey, string>>;
/** Some of a language's messages: a part of its catalogue, or all of it. */
export type CataloguePart = Readonly<Partial<Record<MessageKey, string>>>;

/** A message by key, with its parameters. */
export function m(key: MessageKey, params?: MessageParams): Message {
  return params ? { key, params } : { key };
}

const catalogues = new Map<Language, CataloguePart>([['en', EN_SIGN_IN]]);
const english = (): CataloguePart => catalogues.get('en')!;

/**
 * Makes `language`'s messages in `part` available, beside those it has; until then they render
 * in English. An English message not added yet renders as its key, so whoever shows it adds
 * its part first.
 */
export function addCatalogue(language: Language, part: CataloguePart): void {
  catalogues.set(language, { ...catalogues.get(language), ...part });
}

export function hasCatalogue(language: Language): boolean {
  return catalogues.has(language);
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Whether `value` is the key of an English message added so far (the way in's at least). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(english(), value);
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && isMessageKey((value as Message).key);
}

/** How each language joins a list inside a message ("a, b" / "a、b"). */
const LIST_SEPARATOR: Record<Language, string> = { en: ', ', zh: '、' };

function renderParam(value: MessageParam, language: Language): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.map((item) => renderParam(item as MessageParam, language)).join(LIST_SEPARATOR[language]);
  }
  return formatMessage(value as Message, language);
}

/**
 * `message` in `language` (English where that catalogue lacks it or is not loaded). A
 * parameter the template names but the message lacks stays as `{name}`, so a mistake shows.
 */
export function formatMessage(message: Message, language: Language = 'en'): string {
  const template = catalogues.get(language)?.[message.key] ?? english()[message.key] ?? message.key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'product') return PRODUCT_NAME;
    const value = message.params?.[name];
    return value === undefined ? whole : renderParam(value, language);
  });
}

/** The parameter names a template uses (catalogue tests compare them across languages). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}
