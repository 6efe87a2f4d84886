import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { AriaRole, CSSProperties, ReactNode } from 'react';
import './notice.css';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * A message in a tinted box, in antd's Alert look, from the theme's CSS variables: a sign-in
 * error, a form's error that belongs to no field, a warning over a screen. antd's Alert brings
 * its close and expand motion code, which none of these uses. As Alert, it is an `alert` to
 * assistive technology unless `role` says otherwise.
 */
export function Notice({
  type = 'info',
  showIcon = false,
  title,
  description,
  role = 'alert',
  style,
}: {
  type?: keyof typeof ICONS;
  showIcon?: boolean;
  title: ReactNode;
  /** A second, longer part under the title. */
  description?: ReactNode;
  role?: AriaRole;
  style?: CSSProperties;
}) {
  const Icon = ICONS[type];
  return (
    <div
      className={`gh-notice gh-notice-${type}${description ? ' gh-notice-with-description' : ''}`}
      role={role}
      style={style}
    >
      {showIcon && <Icon className="gh-notice-icon" />}
      <div className="gh-notice-content">
        <div className="gh-notice-title">{title}</div>
        {description && <div className="gh-notice-description">{description}</div>}
      </div>
    </div>
  );
}
