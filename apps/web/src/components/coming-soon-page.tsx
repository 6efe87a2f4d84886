import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string'
    ? handle.title
    : undefined;
}

/** The screen of an area that is routed but not built yet: its title and an honest notice. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const title = matches.map((m) => titleOf(m.handle)).findLast(Boolean);
  return (
    <Card title={title}>
      <Empty description={t('comingSoon')} />
    </Card>
  );
}
