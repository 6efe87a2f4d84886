import { PLATFORM_APP_ID, type ServerMenuItem } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Skeleton, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useIdentityT } from '../../shared/messages';
import { allResourcesQueryOptions } from '../api/application-resources';
import { countPreview, previewMenus } from '../preview';

export type RolePreviewProps = {
  /** The granted resources (of any application), or every one for the built-in Administrator. */
  granted: ReadonlySet<string> | 'all';
};

const toNode = (item: ServerMenuItem): TreeDataNode => ({
  key: item.menuPath,
  title: (
    <Flex gap={6} align="center" wrap>
      <span>{item.menuName}</span>
      <Typography.Text type="secondary">{item.menuPath}</Typography.Text>
      {item.elements.map((element) => (
        <Tag key={element.code} color="blue">
          {element.code}
        </Tag>
      ))}
    </Flex>
  ),
  children: item.children.map(toNode),
});

/**
 * "Preview as this role": the navigation and the buttons the role would give, computed here
 * from its granted resources over the platform's resource tree, as the server computes the
 * menus. Nobody signs in. Only this role counts: a user holds the union of their roles.
 */
export function RolePreview({ granted }: RolePreviewProps) {
  const resources = useQuery(allResourcesQueryOptions(PLATFORM_APP_ID));
  const t = useIdentityT();
  if (resources.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (resources.isError) {
    return (
      <Empty description={t('consoleResourcesLoadFailed')}>
        <Button onClick={() => resources.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  }
  const menus = previewMenus(resources.data ?? [], granted);
  if (menus.length === 0) return <Empty description={t('noMenu')} />;
  const count = countPreview(menus);
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('previewSummary', {
          screens: t(count.menus === 1 ? 'previewScreensOne' : 'previewScreensMany', { n: count.menus }),
          buttons: t(count.elements === 1 ? 'previewButtonsOne' : 'previewButtonsMany', {
            n: count.elements,
          }),
        })}
      </Typography.Paragraph>
      <Tree
        aria-label={t('navigationPreview')}
        selectable={false}
        defaultExpandAll
        showLine
        treeData={menus.map(toNode)}
      />
    </>
  );
}
