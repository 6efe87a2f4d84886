import { HTTP_STATUS_MESSAGES, MESSAGES } from '@gatehouse/contract';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSay } from '@/lib/i18n';
import { PATHS } from '@/lib/paths';

/**
 * A console screen the user's menus do not grant (spec §4, §8). It shows inside the shell,
 * in place of the screen, whose chunk and calls never load.
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const say = useSay();
  return (
    <Result
      status="403"
      title="403"
      subTitle={say(HTTP_STATUS_MESSAGES[403] ?? MESSAGES.noPermission)}
      extra={<Link to={PATHS.dashboard}>{t('backHome')}</Link>}
    />
  );
}
