import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useKitT } from './messages';
import './pager.css';

/** A page button, or a gap that jumps five pages back or on. */
export type PageItem = number | 'back5' | 'on5';

/**
 * The pages a pager offers around `current` of `pages`, by antd's Pagination's rules: all of
 * them up to seven; beyond, the first and the last, five pages around the current one near an
 * end, three in the middle, and a gap that jumps five pages where pages are left out.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  const buffer = 2;
  if (pages <= 3 + buffer * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, pages);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pages - current <= buffer) left = pages - buffer * 2;
  const back = current - 1 >= buffer * 2 && current !== 1 + 2;
  const on = pages - current >= buffer * 2 && current !== pages - 2;
  if (back && right !== pages) left += 1;
  if (on && left !== 1) right -= 1;
  return [
    ...(left !== 1 ? [1] : []),
    ...(back ? ['back5' as const] : []),
    ...Array.from({ length: right - left + 1 }, (_, i) => left + i),
    ...(on ? ['on5' as const] : []),
    ...(right !== pages ? [pages] : []),
  ];
}

/**
 * Previous, the pages and Next, in antd's Pagination look. Each is a list item titled with
 * its page or its action, and a button, so Tab and Enter work as on any button. The current
 * page is marked `aria-current`.
 */
export function PageList({
  current,
  pages,
  onChange,
  small = false,
}: {
  current: number;
  pages: number;
  onChange: (page: number) => void;
  small?: boolean;
}) {
  const t = useKitT();
  const last = Math.max(1, pages);
  const go = (page: number) => {
    const next = Math.min(last, Math.max(1, page));
    if (next !== current) onChange(next);
  };
  const item = (key: string, title: string, page: number, label: ReactNode, disabled = false) => (
    <li key={key} title={title} className="gh-page">
      <button
        type="button"
        className={
          page === current && typeof label === 'number' ? 'gh-page-button gh-page-current' : 'gh-page-button'
        }
        aria-current={page === current && typeof label === 'number' ? 'page' : undefined}
        aria-label={typeof label === 'number' ? undefined : title}
        disabled={disabled}
        onClick={() => go(page)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <ul className={small ? 'gh-pages gh-pages-small' : 'gh-pages'}>
      {item('prev', t('previousPage'), current - 1, <LeftOutlined />, current <= 1)}
      {pageItems(current, last).map((entry) =>
        entry === 'back5'
          ? item('back5', t('previousPages'), current - 5, '•••')
          : entry === 'on5'
            ? item('on5', t('nextPages'), current + 5, '•••')
            : item(String(entry), String(entry), entry, entry),
      )}
      {item('next', t('nextPage'), current + 1, <RightOutlined />, current >= last)}
    </ul>
  );
}

/** "Go to [ ] page": a typed page, taken on Enter or when the field is left, within the pages. */
export function PageJumper({ pages, onJump }: { pages: number; onJump: (page: number) => void }) {
  const t = useKitT();
  const [typed, setTyped] = useState('');
  const jump = () => {
    const page = Number.parseInt(typed, 10);
    setTyped('');
    if (Number.isInteger(page)) onJump(Math.min(Math.max(1, pages), Math.max(1, page)));
  };
  return (
    <label className="gh-page-jumper">
      {t('goTo')}
      <input
        className="gh-page-jumper-input"
        aria-label={t('page')}
        inputMode="numeric"
        value={typed}
        onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Enter') jump();
        }}
        onBlur={() => typed && jump()}
      />
      {t('pageUnit')}
    </label>
  );
}
