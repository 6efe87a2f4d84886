import { isLanguage, LANGUAGES, type Language } from '@gatehouse/contract';
import Negotiator from 'negotiator';

/** The language an `Accept-Language` header asks for among ours; English when it names none. */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(LANGUAGES);
  return isLanguage(best) ? best : 'en';
}

/**
 * The language of a page or an email: the reader's stored preference (null follows the
 * browser), else what the request asks for, else English.
 */
export function readerLanguage(preference: string | null | undefined, acceptLanguage?: string): Language {
  return isLanguage(preference) ? preference : negotiateLanguage(acceptLanguage);
}
