import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useNavTitle } from '@/lib/nav-titles';
import { Panel } from './panel';

function titleOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string'
    ? value.title
    : undefined;
}

/** The screen of an area that is routed but not built yet: its title and an honest notice. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const navTitle = useNavTitle();
  const matches = useMatches();
  // A menu an administrator added has no route of its own: its loader names it.
  const title = matches.map((m) => titleOf(m.data) ?? titleOf(m.handle)).findLast(Boolean);
  return (
    <Panel title={title && navTitle(title)}>
      <Empty description={t('comingSoon')} />
    </Panel>
  );
}
