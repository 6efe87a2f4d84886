import type { CSSProperties, ReactNode } from 'react';
import './panel.css';

/**
 * A titled box in antd's Card look, from the theme's CSS variables: the list screens and the
 * dashboard need its frame and header only. antd's Card brings its loading Skeleton and its
 * Tabs along, on every list screen's way.
 */
export function Panel({
  title,
  extra,
  size,
  style,
  children,
}: {
  title?: ReactNode;
  /** Beside the title, at the end of the header: the screen's main action. */
  extra?: ReactNode;
  size?: 'small';
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <section className={size === 'small' ? 'gh-panel gh-panel-small' : 'gh-panel'} style={style}>
      {(title || extra) && (
        <div className="gh-panel-head">
          <div className="gh-panel-title">{title}</div>
          {extra && <div className="gh-panel-extra">{extra}</div>}
        </div>
      )}
      <div className="gh-panel-body">{children}</div>
    </section>
  );
}
