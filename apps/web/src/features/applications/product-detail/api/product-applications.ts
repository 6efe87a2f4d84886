import { queryOptions } from '@tanstack/react-query';
import { type Application, type Client, DEFAULT_SORT, MAX_PAGE_SIZE, type Page } from '@gatehouse/contract';
import type { RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';
import { applicationsKey } from '../../api/list-applications';

/**
 * GET /admin-service/v2/application?productId=…: the product's applications, one page of the
 * largest size (a product groups a handful; the Application screen pages through them all).
 */
export const productApplicationsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...applicationsKey, 'of-product', productId],
    queryFn: async ({ signal }): Promise<RowsPage<Application>> => {
      const body = await api.get<Page<Application>>('/admin-service/v2/application', {
        params: { productId, sort: DEFAULT_SORT, page: 0, size: MAX_PAGE_SIZE },
        signal,
      });
      return { items: body.content, total: body.totalElements };
    },
  });

/** GET /admin-service/v2/application/client?applicationId=…: an application's clients, newest first. */
export const applicationClientsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...applicationsKey, 'clients', applicationId],
    queryFn: async ({ signal }): Promise<RowsPage<Client>> => {
      const body = await api.get<Page<Client>>('/admin-service/v2/application/client', {
        params: { applicationId, sort: DEFAULT_SORT, page: 0, size: MAX_PAGE_SIZE },
        signal,
      });
      return { items: body.content, total: body.totalElements };
    },
  });
