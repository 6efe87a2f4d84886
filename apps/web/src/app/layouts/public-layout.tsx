import { Outlet } from 'react-router';
import { PreferenceControls } from '@/features/preferences/preference-controls';
import { useThemeRoot } from './theme-root';

/**
 * The pages without the console shell (sign-in, password, OAuth): the screen, with the
 * language switch and the theme toggle in a corner, so both can be chosen before sign-in.
 */
export function PublicLayout() {
  return (
    <div {...useThemeRoot()}>
      <div style={{ position: 'fixed', top: 12, insetInlineEnd: 16, zIndex: 10 }}>
        <PreferenceControls />
      </div>
      <Outlet />
    </div>
  );
}
