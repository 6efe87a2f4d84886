import { Empty, Input } from 'antd';
import { useState } from 'react';
import { defineMessages } from '@/lib/i18n';
import { NAV_ICON_NAMES, navIcon } from './nav-icons';
import './icon-browser.css';

const useT = defineMessages(
  'icon-browser',
  {
    search: 'Search icons',
    count: '{{count}} icons',
    none: 'No icon matches “{{typed}}”.',
  },
  {
    search: '搜索图标',
    count: '共 {{count}} 个图标',
    none: '没有与“{{typed}}”匹配的图标。',
  },
);

/** The icon names that contain what was typed, in any case. */
export function matchingIcons(typed: string, names: readonly string[] = NAV_ICON_NAMES): string[] {
  const needle = typed.trim().toLowerCase();
  return names.filter((name) => name.toLowerCase().includes(needle));
}

export type IconBrowserProps = {
  /** The icon chosen now, shown pressed. */
  value?: string | null;
  /** What choosing an icon does: pick it for a form, or copy its name. */
  onPick: (name: string) => void;
  /** The label of each icon's button, given its name, e.g. "Choose ApiOutlined". */
  pickLabel: (name: string) => string;
};

/**
 * The icons the console can show for a menu or a category (components/nav-icons), searchable by
 * name. The icons page lists them, and the resource form's icon field picks from them.
 */
export function IconBrowser({ value, onPick, pickLabel }: IconBrowserProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const shown = matchingIcons(typed);
  return (
    <div>
      <Input.Search
        allowClear
        aria-label={t('search')}
        placeholder={t('search')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 8 }}
      />
      <p role="status" style={{ margin: '0 0 12px', color: 'var(--ant-color-text-description)' }}>
        {t('count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <Empty description={t('none', { typed: typed.trim() })} />
      ) : (
        <ul className="gh-icon-grid">
          {shown.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="gh-icon-tile"
                aria-pressed={value === name}
                aria-label={pickLabel(name)}
                title={pickLabel(name)}
                onClick={() => onPick(name)}
              >
                {navIcon(name)}
                <span className="gh-icon-name">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
