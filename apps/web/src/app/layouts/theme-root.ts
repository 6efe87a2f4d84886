import { useToken } from 'antd/es/theme/internal';
import type { CSSProperties } from 'react';
import './theme-root.css';

/**
 * What a layout's outer box needs of the theme: the font, size, text and link colours antd's
 * <App> and Layout set, and the class under which antd declares the theme's CSS variables. antd puts that class
 * on each of its components only; the kit's own parts (the table, the pager, the notices, the
 * fields) read the variables too, so the layouts put it on everything they hold. (antd's public
 * `theme.useToken` does not give the class's name; its internal hook does, fifth.)
 */
export function useThemeRoot(): { className: string; style: CSSProperties } {
  const [, token, , , cssVar] = useToken();
  return {
    className: `gh-theme-root ${cssVar?.key ?? ''}`,
    style: {
      color: token.colorText,
      fontSize: token.fontSize,
      lineHeight: token.lineHeight,
      fontFamily: token.fontFamily,
    },
  };
}
