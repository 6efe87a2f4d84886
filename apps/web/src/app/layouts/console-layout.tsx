import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Layout, Skeleton, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useNavigation } from 'react-router';
import { MESSAGES, PRODUCT_NAME } from '@gatehouse/contract';
import { useToast } from '@/components/use-toast';
import { useCurrentUser } from '@/features/account/api/current-user';
import { logout } from '@/features/auth/api/logout';
import { AccessProvider } from '@/lib/access';
import { type Language, setLanguage } from '@/lib/i18n';
import { PATHS } from '@/lib/paths';
import { clearSession } from '@/lib/session';
import { routeGenerator } from '../route-generation';
import { NavMenu } from './nav-menu';
import { useGeneratedRoutes } from './use-generated-routes';

const NO_PERMISSIONS: never[] = [];
const NO_MENUS: never[] = [];

/** The signed-in shell: navigation on the left, user bar on top, the screen in the middle. */
export function ConsoleLayout() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  // The navigation, the element checks and the screens all follow the generated route set.
  const routes = useGeneratedRoutes();
  const menus = routes.set?.menus ?? NO_MENUS;
  const user = useCurrentUser().data;

  const signOut = async () => {
    try {
      await logout();
    } catch (error) {
      // The local session ends regardless; the server session expires on its own.
      console.warn('Sign-out call failed', error);
    }
    clearSession();
    queryClient.clear();
    routeGenerator.reset();
    navigate(PATHS.login, { replace: true });
    toast.success(MESSAGES.logoutSuccess);
  };

  const otherLanguage: Language = i18n.language === 'zh' ? 'en' : 'zh';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={232}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // The navigation scrolls on its own, so a long menu never scrolls the screen away.
        style={{
          borderInlineEnd: '1px solid rgba(5, 5, 5, 0.06)',
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
        }}
      >
        <div style={{ height: 56, display: 'flex', alignItems: 'center', paddingInline: 24 }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {collapsed ? PRODUCT_NAME.charAt(0) : PRODUCT_NAME}
          </Typography.Text>
        </div>
        <nav aria-label={t('navigation')}>
          {routes.set ? (
            <NavMenu menus={menus} collapsed={collapsed} />
          ) : routes.failed ? (
            <div style={{ padding: 16 }}>
              <Button size="small" onClick={routes.retry}>
                Retry
              </Button>
            </div>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 8 }} style={{ padding: 16 }} />
          )}
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: 24,
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
          }}
        >
          <Space size="middle">
            <Button type="text" size="small" lang={otherLanguage} onClick={() => setLanguage(otherLanguage)}>
              {t('switchLanguage')}
            </Button>
            <Link to={PATHS.profile} title={t('profile')}>
              <Space size="small">
                <Avatar size="small" src={user?.avatar ?? undefined} icon={<UserOutlined />} alt="" />
                <span>{user?.name || user?.username}</span>
              </Space>
            </Link>
            <Button type="text" icon={<LogoutOutlined />} onClick={signOut}>
              {t('signOut')}
            </Button>
          </Space>
        </Layout.Header>
        {/* The tab bar of open screens (Tabs-Routes, keepAlive) goes here. */}
        <Layout.Content style={{ margin: 16 }}>
          <AccessProvider menus={menus} permissions={user?.role.permissions ?? NO_PERMISSIONS}>
            <Spin spinning={navigation.state === 'loading'} delay={150} description={t('loading')}>
              <Outlet />
            </Spin>
          </AccessProvider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
