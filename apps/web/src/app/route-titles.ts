import { CONSOLE_NAVIGATION } from '@gatehouse/contract';
import { CONSOLE_ROUTES, PUBLIC_ROUTES } from './routes';

const ROUTES = [...PUBLIC_ROUTES, ...CONSOLE_ROUTES];

/**
 * The Chinese titles of the console's routes, by path, from each route's module. The menus call
 * answers the names stored in the database, so a name is translated only while it is still
 * the built-in English one; a menu an administrator added or renamed keeps its name in every
 * language.
 */
export const NAV_TITLES_ZH: Readonly<Record<string, string>> = Object.fromEntries(
  ROUTES.map((route) => [route.path, route.titleZh]),
);

/** The Chinese titles of the platform's navigation categories, by category key. */
export const NAV_CATEGORY_TITLES_ZH: Readonly<Record<(typeof CONSOLE_NAVIGATION)[number]['key'], string>> = {
  home: '首页',
  applications: '应用管理',
  'app-config': '应用配置',
  identity: '身份管理',
  workflow: '工作流',
  system: '系统',
  notification: '通知',
};

let byEnglish: Map<string, string> | undefined;
/** Built-in English title → Chinese, for a title that comes without its path (a category). */
function zhByEnglishTitle(): Map<string, string> {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const c of CONSOLE_NAVIGATION) byEnglish.set(c.title, NAV_CATEGORY_TITLES_ZH[c.key]);
    for (const route of ROUTES)
      if (!byEnglish.has(route.meta.title)) byEnglish.set(route.meta.title, route.titleZh);
  }
  return byEnglish;
}

let englishByPath: Map<string, string> | undefined;
function builtInTitle(path: string): string | undefined {
  englishByPath ??= new Map(ROUTES.map((route) => [route.path, route.meta.title]));
  return englishByPath.get(path);
}

/**
 * A navigation title in `language`. With a path, the title is translated only when it is the
 * built-in title of that path; without one, when it is any built-in title.
 */
export function navTitle(language: string, title: string, path?: string | null): string {
  if (language !== 'zh') return title;
  if (path) {
    const zh = NAV_TITLES_ZH[path];
    if (zh && builtInTitle(path) === title) return zh;
    if (builtInTitle(path) !== undefined) return title;
  }
  return zhByEnglishTitle().get(title) ?? title;
}
