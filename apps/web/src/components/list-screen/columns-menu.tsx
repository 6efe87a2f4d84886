import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Dropdown } from '../antd-parts';
import { useKitT } from '../messages';

export type MenuColumn = { id: string; title: ReactNode; shown: boolean; hideable: boolean };

/**
 * The Columns button of a table's toolbar: a checkbox per column, ticked while it shows. The
 * last column shown cannot be hidden, nor one that always shows (the Action column).
 */
export function ColumnsMenu({
  columns,
  onToggle,
}: {
  columns: MenuColumn[];
  onToggle: (id: string, shown: boolean) => void;
}) {
  const t = useKitT();
  const shownCount = columns.filter((c) => c.shown && c.hideable).length;
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of checkboxes in a popup, as fieldset would not lay out
        <div className="gh-columns-menu" role="group" aria-label={t('columnsMenu')}>
          {columns.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                className="gh-table-checkbox"
                checked={c.shown}
                disabled={!c.hideable || (c.shown && shownCount <= 1)}
                onChange={(e) => onToggle(c.id, e.target.checked)}
              />
              {c.title}
            </label>
          ))}
        </div>
      )}
    >
      <Button>{t('columns')}</Button>
    </Dropdown>
  );
}
