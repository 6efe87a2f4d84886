import type { CSSProperties, ReactNode } from 'react';
import './placeholders.css';

/**
 * What a screen shows while it waits: a spinner, an overlay over content that is being
 * replaced, and the grey lines of a skeleton. Plain elements in antd's look, from the theme's
 * CSS variables: antd's Spin and Skeleton would be on every list screen's way (what each
 * saved is in docs/performance.md).
 */

/** A turning ring, named for screen readers. */
export function Spinner({ label, large = false }: { label: string; large?: boolean }) {
  return (
    <span className={large ? 'gh-spinner gh-spinner-large' : 'gh-spinner'} role="status" aria-label={label} />
  );
}

/**
 * The content, and while `busy`, a veil with a spinner over it. The veil shows only after a
 * moment (a CSS delay), so a quick change does not flash it.
 */
export function Busy({
  busy,
  label,
  className,
  children,
}: {
  busy: boolean;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `gh-busy ${className}` : 'gh-busy'} aria-busy={busy}>
      {children}
      {busy && (
        <div className="gh-busy-veil">
          <Spinner label={label} large />
        </div>
      )}
    </div>
  );
}

/** `rows` grey lines, shimmering, where text will be. */
export function SkeletonLines({ rows, style }: { rows: number; style?: CSSProperties }) {
  return (
    <div className="gh-skeleton" style={style} aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are all alike and never move
        <span key={i} className="gh-skeleton-line" />
      ))}
    </div>
  );
}
