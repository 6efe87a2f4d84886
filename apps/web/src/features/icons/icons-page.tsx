import { useCopy } from '@/components/copy-button';
import { IconBrowser } from '@/components/icon-browser';
import { Panel } from '@/components/panel';
import { defineMessages } from '@/lib/i18n';
import { useNavTitle } from '@/lib/nav-titles';
import { ICONS_PATH } from './paths';

const useT = defineMessages(
  'icons',
  {
    intro: 'The icons a menu or a category can show in the navigation. Click one to copy its name.',
    copyName: 'Copy {{name}}',
  },
  {
    intro: '菜单或分类在导航中可显示的图标。点击图标可复制其名称。',
    copyName: '复制 {{name}}',
  },
);

/** Icons (spec §4): the icons the console supports, searchable; a click copies the name. */
export function IconsPage() {
  const t = useT();
  const navTitle = useNavTitle();
  const copy = useCopy();
  return (
    <Panel title={navTitle('Icons', ICONS_PATH)}>
      <p style={{ marginTop: 0 }}>{t('intro')}</p>
      <IconBrowser onPick={(name) => copy(name)} pickLabel={(name) => t('copyName', { name })} />
    </Panel>
  );
}
