import { PRODUCT_NAME } from '@gatehouse/contract';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The centred panel the public pages share. Plain elements styled with antd's tokens rather
 * than Card and Typography: those pull tabs, dropdown and menu code into the sign-in page.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: token.colorBgLayout,
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <section
        aria-labelledby="auth-card-title"
        style={{
          width: '100%',
          maxWidth: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div style={{ color: token.colorTextSecondary }}>{PRODUCT_NAME}</div>
        <h1 id="auth-card-title" style={{ fontSize: token.fontSizeHeading3, margin: '4px 0 16px' }}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
