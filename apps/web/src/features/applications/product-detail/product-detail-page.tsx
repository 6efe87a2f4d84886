import type { Application, Client } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { productApplicationsQueryOptions } from '@/api/applications';
import { applicationClientsQueryOptions } from '@/api/clients';
import { type Column, DataTable } from '@/components/data-table';
import { emptyCell } from '@/components/empty-cell';
import { formatDateTime } from '@/components/list-screen/columns';
import { Notice } from '@/components/notice';
import { StatusTag } from '@/components/status-tag';
import { type AppConfigScreen, toAppConfig } from '@/features/app-config/paths';
import { useNavTitle } from '@/lib/nav-titles';
import { useCatalogT } from '../catalog-messages';
import { APPLICATIONS_PATHS, PRODUCT_ID_PARAM } from '../paths';
import { productQueryOptions } from '../products/api/get-product';

type CatalogT = ReturnType<typeof useCatalogT>;

/** The app-config screens an application of the product links to, and their link texts. */
const CONFIGURE: { screen: AppConfigScreen; text: Parameters<CatalogT>[0] }[] = [
  { screen: 'client', text: 'configureClients' },
  { screen: 'data-access', text: 'configureDataAccess' },
  { screen: 'permission', text: 'configurePermissions' },
  { screen: 'resource', text: 'configureResources' },
];

/**
 * Product Detail (spec §2, /admin-setting/detail?productId=…, a hidden menu reached from the
 * Product screen): the product, its applications and their clients, each application with
 * links to its configuration.
 */
export function ProductDetailPage() {
  const t = useCatalogT();
  const navTitle = useNavTitle();
  const [params] = useSearchParams();
  const productId = params.get(PRODUCT_ID_PARAM) ?? '';
  const product = useQuery({ ...productQueryOptions(productId), enabled: productId !== '' });
  const applications = useQuery({ ...productApplicationsQueryOptions(productId), enabled: productId !== '' });
  const back = (
    <Link to={APPLICATIONS_PATHS.product}>
      <Button>{t('backToProducts')}</Button>
    </Link>
  );

  if (productId === '')
    return (
      <Card title={navTitle('Product Detail')}>
        <Empty description={t('noProductChosen')}>{back}</Empty>
      </Card>
    );

  return (
    <Flex vertical gap={16}>
      <Card title={navTitle('Product Detail')} extra={back}>
        {product.isError && <Notice type="error" showIcon title={t('productLoadFailed')} />}
        {product.isPending && <Skeleton active />}
        {product.data && (
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'name', label: t('name'), children: product.data.name },
              { key: 'code', label: t('code'), children: product.data.code },
              { key: 'owner', label: t('owner'), children: emptyCell(product.data.owner) },
              { key: 'status', label: t('status'), children: <StatusTag status={product.data.status} /> },
              { key: 'created', label: t('created'), children: formatDateTime(product.data.createdDate) },
              { key: 'count', label: t('applications'), children: product.data.applicationCount },
              {
                key: 'description',
                label: t('description'),
                span: 2,
                children: emptyCell(product.data.description),
              },
            ]}
          />
        )}
      </Card>
      <Card title={t('applications')}>
        {applications.isPending && <Skeleton active />}
        {applications.data?.items.length === 0 && <Empty description={t('noApplications')} />}
        <Flex vertical gap={16}>
          {applications.data?.items.map((app) => (
            <ProductApplication key={app.applicationId} app={app} t={t} />
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}

/** One application of the product: what it is, where to configure it, and its clients. */
function ProductApplication({ app, t }: { app: Application; t: CatalogT }) {
  const clients = useQuery(applicationClientsQueryOptions(app.applicationId));
  const columns: Column<Client>[] = [
    { title: t('name'), dataIndex: 'clientName', ellipsis: true },
    { title: t('client'), dataIndex: 'client', ellipsis: true },
    {
      title: t('redirectUrl'),
      dataIndex: 'redirectUrl',
      ellipsis: true,
      render: (url: string | null) => emptyCell(url),
    },
    { title: t('status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
  ];
  return (
    <section aria-label={app.name} data-testid="product-application">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Text strong>{app.name}</Typography.Text>
          <Typography.Text type="secondary">({app.applicationId})</Typography.Text>
          <StatusTag status={app.status} />
        </Space>
        <Space size="middle" wrap>
          <Typography.Text type="secondary">{t('configure')}:</Typography.Text>
          {CONFIGURE.map(({ screen, text }) => (
            <Link
              key={screen}
              to={toAppConfig(screen, { appId: app.applicationId })}
              aria-label={t('configureOf', { what: t(text), name: app.name })}
            >
              {t(text)}
            </Link>
          ))}
        </Space>
      </Flex>
      {app.description && <Typography.Paragraph type="secondary">{app.description}</Typography.Paragraph>}
      {clients.isError ? (
        <Notice type="error" showIcon title={t('clientsLoadFailed')} />
      ) : (
        <div style={{ marginTop: 8 }}>
          <DataTable<Client>
            size="small"
            rowKey="acId"
            loading={clients.isPending}
            columns={columns}
            rows={clients.data?.items ?? []}
            empty={t('noClients')}
            label={t('clients')}
          />
        </div>
      )}
    </section>
  );
}
