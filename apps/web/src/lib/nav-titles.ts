import { ACCOUNT_ROUTES, allNavMenus, CONSOLE_NAVIGATION } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';

/**
 * The Chinese titles of the platform's own navigation, by path. The menus call answers the
 * names stored in the database, so a name is translated only while it is still the built-in
 * English one; a menu an administrator added or renamed keeps its name in every language.
 */
export const NAV_TITLES_ZH: Readonly<Record<string, string>> = {
  '/dashboard': '首页',
  '/admin-setting/product': '产品',
  '/admin-setting/detail': '产品详情',
  '/admin-setting/application': '应用',
  '/app-config/data-access': '应用数据访问',
  '/app-config/permission': '应用权限',
  '/app-config/client': '应用客户端',
  '/app-config/resource': '应用资源',
  '/admin-setting/manage-user': '用户管理',
  '/admin-setting/manage-user-V2': '用户管理 V2',
  '/admin-setting/manage-group': '用户组管理',
  '/admin-setting/manage-group-v2': '用户组管理 V2',
  '/admin-setting/manage-role': '角色管理',
  '/admin-setting/manage-organization': '组织管理',
  '/admin-setting/edit-organization': '编辑组织',
  '/admin-setting/manage-policy': '策略管理',
  '/admin-setting/policy-mapping': '策略映射',
  '/admin-setting/workflow': '工作流',
  '/admin-setting/workflow-detail/:mode/:name': '工作流详情',
  '/admin-setting/workflow-dvf': '工作流 DVF',
  '/admin-setting/workflow-dvf-detail/:id/:mode': '工作流 DVF 详情',
  '/admin-setting/templateService': '模板服务',
  '/admin-setting/templateService-detail': '模板服务详情',
  '/admin-setting/data-dict': '数据字典',
  '/admin-setting/application-detail': '应用详情',
  '/admin-setting/audit-log': '审计日志',
  '/admin-setting/console-settings': '控制台设置',
  '/admin-setting/am-bucket': '存储桶',
  '/admin-setting/am-space': '存储空间',
  '/admin-setting/provider': '服务提供方',
  '/notification/message': '消息',
  '/account-setting': '账户设置',
  '/account-setting/security': '账户安全设置',
  '/profile-page': '个人资料',
};

/** The Chinese titles of the platform's navigation categories, by category key. */
export const NAV_CATEGORY_TITLES_ZH: Readonly<Record<string, string>> = {
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
    for (const c of CONSOLE_NAVIGATION) {
      const zh = NAV_CATEGORY_TITLES_ZH[c.key];
      if (zh) byEnglish.set(c.title, zh);
    }
    for (const m of [...allNavMenus(), ...ACCOUNT_ROUTES]) {
      const zh = NAV_TITLES_ZH[m.path];
      if (zh && !byEnglish.has(m.title)) byEnglish.set(m.title, zh);
    }
  }
  return byEnglish;
}

let englishByPath: Map<string, string> | undefined;
function builtInTitle(path: string): string | undefined {
  englishByPath ??= new Map([...allNavMenus(), ...ACCOUNT_ROUTES].map((m) => [m.path, m.title]));
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

/** `navTitle` in the current language, re-rendering when it changes. */
export function useNavTitle(): (title: string, path?: string | null) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (title, path) => navTitle(language, title, path);
}
