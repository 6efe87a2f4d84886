import { SettingOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { Application } from '@gatehouse/contract';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { toAppConfig } from '@/lib/paths';
import { useCreateApplication } from './api/create-application';
import { applicationsQueryOptions } from './api/list-applications';
import { ApplicationForm, type ApplicationFormValues } from './components/application-form';

export const CREATE_CODE = 'application:create';

export const APPLICATION_SEARCH_FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'applicationId', label: 'Application ID', type: 'text' },
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

const COLUMNS: TableColumnsType<Application> = [
  { title: 'Name', dataIndex: 'name', ellipsis: true },
  { title: 'Application ID', dataIndex: 'applicationId', ellipsis: true },
  { title: 'Description', dataIndex: 'description', ellipsis: true },
  statusColumn(),
  dateTimeColumn('Created', 'createdDate'),
];

/** The row's way to its configuration: a link rather than a handler, so it can open in a new tab. */
const configureLink = (app: Application) => (
  <Link to={toAppConfig('client', { appId: app.applicationId })} aria-label={`Configure ${app.name}`}>
    <SettingOutlined /> Configure
  </Link>
);

/** The applications (spec §2, Application): each one leads to its app configuration. */
export function ApplicationPage() {
  const create = useCreateApplication();
  return (
    <ListScreen<Application, ApplicationFormValues, Unscoped>
      title="Application"
      names={{ one: 'application', many: 'applications' }}
      scope={UNSCOPED}
      fields={APPLICATION_SEARCH_FIELDS}
      rows={applicationsQueryOptions}
      rowKey="applicationId"
      columns={COLUMNS}
      create={{
        code: CREATE_CODE,
        save: ({ applicationId, name, description }) =>
          create.mutateAsync({ applicationId, name, description: description?.trim() || null }),
      }}
      rowExtra={configureLink}
      form={(props) => <ApplicationForm {...props} />}
    />
  );
}
