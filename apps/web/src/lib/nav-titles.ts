import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** Translates a navigation title into `language`; `path` names the route it is the title of. */
export type NavTitleTranslator = (language: string, title: string, path?: string | null) => string;

const untranslated: NavTitleTranslator = (_language, title) => title;

/**
 * The translator of navigation titles. The titles are the routes', which the app layer puts
 * together (app/route-titles.ts) and provides here, below the features and the kit that show
 * them. Without a provider a title stays as it is.
 */
export const NavTitles = createContext<NavTitleTranslator>(untranslated);

/** A navigation title in the current language, re-rendering when it changes. */
export function useNavTitle(): (title: string, path?: string | null) => string {
  const translate = useContext(NavTitles);
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (title, path) => translate(language, title, path);
}
