import type { AppPage } from '@gatehouse/contract';
import { useState } from 'react';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { statusColumn } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { APPLICATION_CODES } from '../access-codes';
import { pagesBulk } from '../api/bulk-pages';
import { pagesQueryOptions } from '../api/list-pages';
import { useCreatePage, useDeletePage, useUpdatePage } from '../api/save-page';
import { useApplicationDetailT, withText } from '../messages';
import { PageElementsDialog } from './page-elements-dialog';
import type { PageFormValues } from './page-form';

/** The form's values as the page's body: a cleared order is left out, not sent as null (which reads as 0). */
export const pageBody = ({ name, route, order }: PageFormValues) => ({
  name,
  route,
  ...(order === null || order === undefined ? {} : { order }),
});

const PageForm = lazyForm(() => import('./page-form').then((m) => m.PageForm));

const PAGE_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'route', { name: 'route', type: 'text' } as SearchField),
  STATUS_FIELD,
];

const PAGE_COLUMNS: Column<AppPage>[] = [
  withText('title', 'name', { dataIndex: 'name' }),
  withText('title', 'route', { dataIndex: 'route' }),
  withText('title', 'order', { dataIndex: 'order', width: 90 }),
  withText('title', 'elements', {
    key: 'elements',
    render: (_: unknown, row: AppPage) => row.elements.map((e) => e.code).join(', ') || '--',
  }),
  statusColumn<AppPage>(),
];

/** The application's pages (v2 `application/pages`) and their elements. */
export function PagesTab({ appId }: { appId: string }) {
  const t = useApplicationDetailT();
  const create = useCreatePage();
  const update = useUpdatePage();
  const remove = useDeletePage();
  const [elements, setElements] = useState<{ open: boolean; page?: AppPage }>({ open: false });
  const whole = (row: AppPage) => ({
    pageId: row.pageId,
    applicationId: row.applicationId,
    name: row.name,
    route: row.route,
    order: row.order,
    status: row.status,
  });
  return (
    <>
      <ListScreen<AppPage, PageFormValues, { appId: string }>
        title={t('pages')}
        names={{ one: t('pageOne'), many: t('pageMany') }}
        scope={{ appId }}
        fields={PAGE_FIELDS}
        list="pages"
        audit={{ entity: 'application-page' }}
        bulk={pagesBulk}
        nameOf={(page) => page.name}
        rows={pagesQueryOptions}
        rowKey="pageId"
        columns={PAGE_COLUMNS}
        create={{
          code: APPLICATION_CODES.create,
          save: (values, { scope }) =>
            create.mutateAsync({ applicationId: scope.appId, ...pageBody(values) }),
        }}
        update={{
          code: APPLICATION_CODES.update,
          save: (values, row) => update.mutateAsync({ ...whole(row), ...pageBody(values) }),
        }}
        toggle={{
          code: APPLICATION_CODES.status,
          subject: () => 'page',
          onToggle: (row, status) => update.mutateAsync({ ...whole(row), status }),
        }}
        remove={{
          code: APPLICATION_CODES.delete,
          subject: t('pageOne'),
          description: () => t('deletePageText'),
          onDelete: ({ pageId }) => remove.mutateAsync(pageId),
        }}
        rowActions={[
          { key: 'elements', label: t('elements'), onClick: (page) => setElements({ open: true, page }) },
        ]}
        form={(props) => <PageForm {...props} />}
      />
      <PageElementsDialog
        open={elements.open}
        page={elements.page}
        onClose={() => setElements((s) => ({ ...s, open: false }))}
        onChanged={(page) => setElements((s) => ({ ...s, page }))}
      />
    </>
  );
}
