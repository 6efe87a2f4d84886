import { LeftOutlined, LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { MESSAGES, PRODUCT_NAME } from '@gatehouse/contract';
import { EN_CONSOLE } from '@gatehouse/contract/i18n/en-console';
import { useQueryClient } from '@tanstack/react-query';
import { Button, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useNavigation } from 'react-router';
import { Avatar } from '@/components/avatar';
import { closeOpenDialogs } from '@/components/open-dialogs';
import { Busy, SkeletonLines } from '@/components/placeholders';
import { ToastHolder, useHeldToasts, useToast } from '@/components/use-toast';
import { useCurrentUser } from '@/features/account/api/current-user';
import { ACCOUNT_PATHS } from '@/features/account/paths';
import { logout } from '@/features/auth/api/logout';
import { PreferenceControls } from '@/features/preferences/preference-controls';
import { AccessProvider } from '@/lib/access';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { addMessages } from '@/lib/i18n';
import { PATHS } from '@/lib/paths';
import { clearSession, getToken } from '@/lib/session';
import { FEATURE_SLOTS } from '../feature-slots';
import { useConsoleLock } from '../lock/use-console-lock';
import { useConsoleToastsForHttp } from '../providers';
import { routeGenerator } from '../route-generation';
import { useRouteMeta } from '../route-meta';
import { KeepAliveOutlet, TabBar, useConsoleTabs } from '../tabs/console-tabs';
import { NavMenu } from './nav-menu';
import { useThemeRoot } from './theme-root';
import { useGeneratedRoutes } from './use-generated-routes';
import './console-layout.css';
import { useSignedOutElsewhere } from './use-session-sync';

/** Inside the ToastHolder: the HTTP client's error toasts join the console's own. */
function HttpToasts() {
  useConsoleToastsForHttp(useHeldToasts()!);
  return null;
}

// The way in carries only its own English messages; the console's arrive with this file, so
// they are there before the layout or any screen in it draws (a screen's file imports the
// kit's, which runs this one first).
addMessages(EN_CONSOLE);

// The lock screen is drawn only after a time without activity: its code loads then, while a
// cover of its colour hides the console at once.
const LockScreen = lazy(() => import('../lock/lock-screen').then((m) => ({ default: m.LockScreen })));

const NO_PERMISSIONS: never[] = [];
const NO_MENUS: never[] = [];

/** The signed-in shell: navigation on the left, user bar on top, the screen in the middle. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  // The navigation, the element checks and the screens all follow the generated route set.
  const routes = useGeneratedRoutes();
  const menus = routes.set?.menus ?? NO_MENUS;
  const user = useCurrentUser().data;
  const tabs = useConsoleTabs(routes.set);
  const keepAlive = useRouteMeta()?.keepAlive ?? false;
  const lock = useConsoleLock();

  /** Ends the session in this tab; the server's is ended by whoever signed out. */
  const endLocally = () => {
    clearSession();
    queryClient.clear();
    routeGenerator.reset();
    navigate(PATHS.login, { replace: true });
  };
  // A confirm drawn outside this tree (antd's static one) goes with the console, however it
  // ends: a sign-out here or elsewhere, or a lost session's way to the login page.
  useEffect(() => closeOpenDialogs, []);
  // Signing out in one browser tab signs out the others.
  useSignedOutElsewhere(endLocally);

  const signOut = async () => {
    // The local session ends first, so calls still in flight that meet the ended server
    // session are not taken for an expired one; the server's ends with the token held here.
    const token = getToken();
    endLocally();
    try {
      if (token) await logout(token);
    } catch (error) {
      // The server session expires on its own.
      console.warn('Sign-out call failed', error);
    }
    toast.success(MESSAGES.logoutSuccess);
  };

  const { token } = theme.useToken();
  const themeRoot = useThemeRoot();

  return (
    // The console's toasts sit here rather than in the providers, so the sign-in page does
    // without their code. This layout's own sign-out toast, outside them, outlives the layout
    // (use-toast's static API).
    <ToastHolder>
      <HttpToasts />
      <div {...themeRoot}>
        {/* Locked, the console stays mounted under the lock screen but takes no input. */}
        <div className="gh-shell" inert={lock.locked}>
          <aside className={collapsed ? 'gh-shell-sider gh-shell-sider-collapsed' : 'gh-shell-sider'}>
            <div className="gh-shell-sider-body">
              <div style={{ height: 56, display: 'flex', alignItems: 'center', paddingInline: 24 }}>
                <strong style={{ fontSize: 18, fontWeight: token.fontWeightStrong, color: token.colorText }}>
                  {collapsed ? PRODUCT_NAME.charAt(0) : PRODUCT_NAME}
                </strong>
              </div>
              <nav aria-label={t('navigation')}>
                {routes.set ? (
                  <NavMenu menus={menus} collapsed={collapsed} />
                ) : routes.failed ? (
                  <div style={{ padding: 16 }}>
                    <Button size="small" onClick={routes.retry}>
                      {t('retry')}
                    </Button>
                  </div>
                ) : (
                  <SkeletonLines rows={8} style={{ padding: 16 }} />
                )}
              </nav>
            </div>
            <button
              type="button"
              className="gh-shell-sider-trigger"
              aria-label={collapsed ? t('expandNavigation') : t('collapseNavigation')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? <RightOutlined /> : <LeftOutlined />}
            </button>
          </aside>
          <div className="gh-shell-main">
            <header className="gh-shell-header">
              <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
                <PreferenceControls />
                <Link
                  to={ACCOUNT_PATHS.profile}
                  title={t('profile')}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
                >
                  <Avatar src={user?.avatar} />
                  <span>{user?.name || user?.username}</span>
                </Link>
                <Button type="text" icon={<LogoutOutlined />} onClick={signOut}>
                  {t('signOut')}
                </Button>
              </div>
            </header>
            <TabBar tabs={tabs} />
            <main className="gh-shell-content">
              <AccessProvider menus={menus} permissions={user?.role.permissions ?? NO_PERMISSIONS}>
                <FeatureSlotsContext.Provider value={FEATURE_SLOTS}>
                  <Busy busy={navigation.state === 'loading'} label={t('loading')}>
                    <KeepAliveOutlet tabs={tabs} keepAlive={keepAlive} />
                  </Busy>
                </FeatureSlotsContext.Provider>
              </AccessProvider>
            </main>
          </div>
        </div>
        {lock.locked && (
          <Suspense fallback={<div className="gh-lock-cover" />}>
            <LockScreen
              name={user?.name || user?.username || ''}
              avatar={user?.avatar}
              onUnlocked={lock.unlock}
              onSignOut={signOut}
            />
          </Suspense>
        )}
      </div>
    </ToastHolder>
  );
}
