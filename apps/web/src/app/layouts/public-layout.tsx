import { theme } from 'antd';
import { Outlet } from 'react-router';
import { PreferenceControls } from '@/features/preferences/preference-controls';

/**
 * The pages without the console shell (sign-in, password, OAuth): the screen, with the
 * language switch and the theme toggle in a corner, so both can be chosen before sign-in.
 */
export function PublicLayout() {
  const { token } = theme.useToken();
  // The text defaults antd's <App> sets in the console, without <App> and its dialog code.
  const text = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return (
    <div style={text}>
      <div style={{ position: 'fixed', top: 12, insetInlineEnd: 16, zIndex: 10 }}>
        <PreferenceControls />
      </div>
      <Outlet />
    </div>
  );
}
