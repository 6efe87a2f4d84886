import { formatMessage, type Language, type Message } from '@gatehouse/contract';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message in `language`, escaped for HTML. */
export const htmlText = (message: Message, language: Language) =>
  escapeHtml(formatMessage(message, language));

/** The `lang` attribute of a page in each of our languages. */
const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

/**
 * A small server-rendered page (the OIDC sign-out and error pages, the SSO page): `title` is
 * text and is escaped; `body` and `style` are HTML the caller built, its text escaped.
 */
export function htmlPage(page: { language: Language; title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="${HTML_LANG[page.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>${page.body}</body>
</html>
`;
}
