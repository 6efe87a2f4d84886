import { theme } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The theme's font, size and text colour, for a layout's outer box: what antd's <App> sets,
 * without <App> and its dialog code.
 */
export function useThemeText(): CSSProperties {
  const { token } = theme.useToken();
  return {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
}
