import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { PATHS } from '@/lib/paths';
import { localizeMessage } from '@/lib/server-messages';

/**
 * A console screen the user's menus do not grant (spec §4, §8). It shows inside the shell,
 * in place of the screen, whose chunk and calls never load.
 */
export function ForbiddenPage() {
  const { t, i18n } = useTranslation();
  return (
    <Result
      status="403"
      title="403"
      subTitle={localizeMessage(HTTP_STATUS_MESSAGES[403] ?? '', i18n.language)}
      extra={<Link to={PATHS.dashboard}>{t('backHome')}</Link>}
    />
  );
}
