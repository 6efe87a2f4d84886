import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import type { ComponentProps, ReactNode } from 'react';
import './row-controls.css';

/*
 * Plain controls for the cells of a table: a table draws them on every row, and an antd
 * Button, Tag or Space costs several times what a plain element does, in its render and in
 * its style hooks. Opening a resource tree's category draws 100 rows at once (issue 11).
 * row-controls.css gives them antd's look from its theme variables.
 */

type RowButtonProps = ComponentProps<'button'> & {
  /** `link`: text only, as the Disable and Delete of a row; `default`: outlined, as the Action menu. */
  look?: 'default' | 'link';
  danger?: boolean;
};

/** A small button of a row, in the look of antd's `<Button size="small">`. */
export function RowButton({ look = 'default', danger, className, ...props }: RowButtonProps) {
  const classes = [look === 'link' ? 'gh-row-link' : 'gh-row-button', danger && 'gh-danger', className];
  return <button type="button" {...props} className={classes.filter(Boolean).join(' ')} />;
}

/** Controls side by side in a cell, as antd's `<Space size="small">` places them. */
export function RowControls({ children }: { children: ReactNode }) {
  return <span className="gh-row-actions">{children}</span>;
}

const down = DownOutlined.icon as AbstractNode;

/** The chevron of a button that opens a menu. */
export function DownIcon() {
  return (
    <svg viewBox={down.attrs.viewBox} aria-hidden="true" focusable="false">
      {down.children?.map((child) => (
        <path key={child.attrs.d} d={child.attrs.d} />
      ))}
    </svg>
  );
}

/** A small tag in a cell, in the look of antd's filled `<Tag>`: green, red, or neutral without a colour. */
export function RowTag({ colour, children }: { colour?: 'green' | 'red'; children: ReactNode }) {
  return <span className={colour ? `gh-tag gh-tag-${colour}` : 'gh-tag'}>{children}</span>;
}
