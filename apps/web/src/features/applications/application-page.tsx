import { SettingOutlined } from '@ant-design/icons';
import { type Application, elementCodes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { Link } from 'react-router';
import { applicationsQueryOptions } from '@/api/applications';
import type { Column } from '@/components/data-table';
import { EMPTY_CELL } from '@/components/empty-cell';
import { lazyForm } from '@/components/lazy-form';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { toAppConfig } from '@/features/app-config/paths';
import { applicationsBulk } from './api/bulk-applications';
import { useCreateApplication } from './api/create-application';
import { useUpdateApplication } from './api/update-application';
import { type ApplicationFormValues, applicationBody } from './components/application-values';
import { useApplicationsT, withText } from './messages';
import { APPLICATIONS_PATHS, toApplicationDetail, toProductDetail } from './paths';
import { productQueryOptions } from './products/api/get-product';

const ApplicationForm = lazyForm(() =>
  import('./components/application-form').then((m) => m.ApplicationForm),
);

/** The application menu's button elements (spec §6). */
export const APPLICATION_CODES = elementCodes(APPLICATIONS_PATHS.application);
export const CREATE_CODE = APPLICATION_CODES.create;

export const APPLICATION_SEARCH_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'applicationId', { name: 'applicationId', type: 'text' } as SearchField),
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

const COLUMNS: Column<Application>[] = [
  withText('title', 'name', { dataIndex: 'name', ellipsis: true }),
  withText('title', 'applicationId', { dataIndex: 'applicationId', ellipsis: true }),
  withText('title', 'description', { dataIndex: 'description', ellipsis: true }),
  withText('title', 'product', {
    dataIndex: 'productId',
    ellipsis: true,
    render: (productId: string | null) => (productId ? <ProductLink productId={productId} /> : EMPTY_CELL),
  }),
  withText('title', 'openToAllUsers', {
    dataIndex: 'openToAllUsers',
    width: 130,
    render: (open: boolean) => <OpenToAll open={open} />,
  }),
  statusColumn(),
  withText('title', 'created', dateTimeColumn<Application>('', 'createdDate')),
];

/** The application's product, by name, leading to its Product Detail. */
function ProductLink({ productId }: { productId: string }) {
  const product = useQuery(productQueryOptions(productId));
  return <Link to={toProductDetail({ productId })}>{product.data?.name ?? productId}</Link>;
}

function OpenToAll({ open }: { open: boolean }) {
  const t = useApplicationsT();
  return t(open ? 'yes' : 'no');
}

/** The row's way to its configuration: a link rather than a handler, so it can open in a new tab. */
function ConfigureLink({ app }: { app: Application }) {
  const t = useApplicationsT();
  return (
    <Link
      to={toAppConfig('client', { appId: app.applicationId })}
      aria-label={t('configureNamed', { name: app.name })}
    >
      <SettingOutlined /> {t('configure')}
    </Link>
  );
}

/** The row's way to Application Detail: its ACL, APIs, pages, objects and sets. */
function DetailLink({ app }: { app: Application }) {
  const t = useApplicationsT();
  return (
    <Link
      to={toApplicationDetail({ appId: app.applicationId })}
      aria-label={t('detailNamed', { name: app.name })}
    >
      {t('detail')}
    </Link>
  );
}

/** The applications (spec §2, Application): each one leads to its app configuration. */
export function ApplicationPage() {
  const create = useCreateApplication();
  const update = useUpdateApplication();
  const t = useApplicationsT();
  return (
    <ListScreen<Application, ApplicationFormValues, Unscoped>
      title="Application"
      names={{ one: t('applicationOne'), many: t('applicationMany') }}
      scope={UNSCOPED}
      fields={APPLICATION_SEARCH_FIELDS}
      list="applications"
      audit={{ entity: 'application' }}
      bulk={applicationsBulk}
      nameOf={(application) => application.name}
      rows={applicationsQueryOptions}
      rowKey="applicationId"
      columns={COLUMNS}
      create={{
        code: APPLICATION_CODES.create,
        save: (values) =>
          create.mutateAsync({ applicationId: values.applicationId, ...applicationBody(values) }),
      }}
      update={{
        code: APPLICATION_CODES.update,
        save: (values, { applicationId }) =>
          update.mutateAsync({ applicationId, ...applicationBody(values) }),
      }}
      toggle={{
        code: APPLICATION_CODES.status,
        subject: () => 'application',
        // The server refuses the built-in platform application, and its message is the toast.
        onToggle: ({ applicationId }, status) => update.mutateAsync({ applicationId, status }),
        consequence: (_, next) => (next === 'DISABLED' ? t('disableConsequence') : undefined),
      }}
      rowExtra={(app) => (
        <Space size="middle">
          <ConfigureLink app={app} />
          <DetailLink app={app} />
        </Space>
      )}
      form={(props) => <ApplicationForm {...props} />}
    />
  );
}
