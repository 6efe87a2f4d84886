import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { PATHS } from '@/lib/paths';

/**
 * A console screen the user's menus do not grant (spec §4, §8). It shows inside the shell,
 * in place of the screen, whose chunk and calls never load.
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title="403"
      subTitle={HTTP_STATUS_MESSAGES[403]}
      extra={<Link to={PATHS.dashboard}>{t('backHome')}</Link>}
    />
  );
}
