import type { ServerMenuItem } from '@gatehouse/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/panel';
import { useMenus } from '@/lib/access';
import { defineMessages } from '@/lib/i18n';
import { listedInNavigation } from '@/lib/menus';
import { useNavTitle } from '@/lib/nav-titles';
import { getCurrentUser } from '@/lib/session';
import './home-page.css';

const useT = defineMessages(
  'home',
  {
    intro:
      'Manage products and applications, and for each application its data accesses, permissions, OAuth clients and resources.',
  },
  { intro: '管理产品和应用，以及每个应用的数据访问、权限、OAuth 客户端和资源。' },
);

/** The menus of a category the navigation lists, nested menus included. */
function listedMenus(item: ServerMenuItem, listed: (item: ServerMenuItem) => boolean): ServerMenuItem[] {
  return item.children.flatMap((child) =>
    listed(child) ? [...(child.menuPath ? [child] : []), ...listedMenus(child, listed)] : [],
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const tHome = useT();
  const navTitle = useNavTitle();
  const user = getCurrentUser();
  const { token } = theme.useToken();
  // Only the areas the server grants this user: the same source as the navigation.
  const menus = useMenus();
  const listed = listedInNavigation(menus);
  const areas = menus
    .map((category) => ({ category, menus: listedMenus(category, listed) }))
    .filter(({ menus }) => menus.some((m) => m.menuPath !== '/dashboard'));

  return (
    <div>
      <h3
        style={{
          margin: '0 0 0.5em',
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
          lineHeight: token.lineHeightHeading3,
          color: token.colorTextHeading,
        }}
      >
        {t('welcome', { name: user?.name || user?.username || '' })}
      </h3>
      <p style={{ margin: '0 0 1em', color: token.colorTextDescription }}>{tHome('intro')}</p>
      <div className="gh-home-areas">
        {areas.map(({ category, menus }) => (
          <div key={category.menuName}>
            <Panel title={navTitle(category.menuName)} size="small" style={{ height: '100%' }}>
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {menus.map((menu) => (
                  <li key={menu.menuPath}>
                    <Link to={menu.menuPath}>{navTitle(menu.menuName, menu.menuPath)}</Link>
                  </li>
                ))}
              </ul>
            </Panel>
          </div>
        ))}
      </div>
    </div>
  );
}
