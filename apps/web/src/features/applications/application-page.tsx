import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Application, ENABLED_STATUSES, MESSAGES } from '@gatehouse/contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBar, type SearchField } from '@/components/search-bar';
import { StatusTag } from '@/components/status-tag';
import { useListState } from '@/components/use-list-state';
import { useToast } from '@/components/use-toast';
import { AccessDisable } from '@/lib/access';
import { toAppConfig } from '@/lib/paths';
import { useCreateApplication } from './api/create-application';
import { useApplications } from './api/list-applications';
import { ApplicationForm, type ApplicationFormValues } from './components/application-form';

export const CREATE_CODE = 'application:create';

export const APPLICATION_SEARCH_FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'applicationId', label: 'Application ID', type: 'text' },
  {
    name: 'status',
    label: 'Status',
    type: 'multi-select',
    options: ENABLED_STATUSES.map((s) => ({ label: s, value: s })),
  },
  { name: 'created', label: 'Created date', type: 'date' },
];

export const applicationColumns: TableColumnsType<Application> = [
  { title: 'Name', dataIndex: 'name', ellipsis: true },
  { title: 'Application ID', dataIndex: 'applicationId', ellipsis: true },
  { title: 'Description', dataIndex: 'description', ellipsis: true },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 110,
    render: (status: string) => <StatusTag status={status} />,
  },
  {
    title: 'Created',
    dataIndex: 'createdDate',
    width: 170,
    render: (date: string) => dayjs(date).format('YYYY/MM/DD HH:mm'),
  },
  {
    title: 'Action',
    key: 'action',
    width: 130,
    render: (_, app) => (
      // A link rather than a handler, so it can open in a new tab like any other.
      <Link to={toAppConfig('client', { appId: app.applicationId })} aria-label={`Configure ${app.name}`}>
        <SettingOutlined /> Configure
      </Link>
    ),
  },
];

/** The applications (spec §2, Application): each one leads to its app configuration. */
export function ApplicationPage() {
  const toast = useToast();
  const list = useListState({ fields: APPLICATION_SEARCH_FIELDS });
  const rows = useApplications({ page: list.page, size: list.size, search: list.search });
  const create = useCreateApplication();
  const [open, setOpen] = useState(false);

  const submit = async ({ applicationId, name, description }: ApplicationFormValues) => {
    await create.mutateAsync({ applicationId, name, description: description?.trim() || null });
    toast.success(MESSAGES.createdSuccessfully);
  };

  const searching = Object.keys(list.search).length > 0;
  const emptyText = rows.isError ? (
    <Empty description="The applications could not be loaded.">
      <Button onClick={() => rows.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty description={searching ? 'No application matches the search.' : 'No applications yet.'} />
  );

  return (
    <Card
      title="Application"
      extra={
        <AccessDisable code={CREATE_CODE}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            New application
          </Button>
        </AccessDisable>
      }
    >
      <SearchBar
        fields={APPLICATION_SEARCH_FIELDS}
        value={list.search}
        onSearch={list.setSearch}
        onReset={list.reset}
      />
      <div style={{ marginTop: 16 }}>
        <PagedTable<Application>
          label="Applications"
          rowKey="applicationId"
          columns={applicationColumns}
          data={rows.data?.items ?? []}
          total={rows.data?.total ?? 0}
          page={list.page}
          size={list.size}
          loading={rows.isFetching}
          onChange={list.setPage}
          emptyText={emptyText}
        />
      </div>
      <ApplicationForm open={open} onSubmit={submit} onClose={() => setOpen(false)} />
    </Card>
  );
}
