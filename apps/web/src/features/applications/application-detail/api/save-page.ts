import type { AppPage, CreateAppPage, CreatePageElement, UpdateAppPage } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { pagesKey } from './list-pages';

/** A page's body as sent: left out, the order is the server's default. */
type PageBody<Body extends CreateAppPage> = Omit<Body, 'order'> & Partial<Pick<Body, 'order'>>;

const path = (pageId: string) => `/admin-service/v2/application/pages/${encodeURIComponent(pageId)}`;

/** POST /admin-service/v2/application/pages. */
export function createPage(body: PageBody<CreateAppPage>): Promise<AppPage> {
  return api.post<AppPage>('/admin-service/v2/application/pages', body);
}

/** PUT /admin-service/v2/application/pages/{id}: the whole page, status included. */
export function updatePage({
  pageId,
  ...body
}: PageBody<UpdateAppPage> & { pageId: string }): Promise<AppPage> {
  return api.put<AppPage>(path(pageId), body);
}

/** DELETE /admin-service/v2/application/pages/{id}: refused (409) while it has elements. */
export function deletePage(pageId: string): Promise<void> {
  return api.delete<void>(path(pageId));
}

/** POST /admin-service/v2/application/pages/{id}/elements: answers the page with it. */
export function addElement({ pageId, ...body }: CreatePageElement & { pageId: string }): Promise<AppPage> {
  return api.post<AppPage>(`${path(pageId)}/elements`, body);
}

/** DELETE /admin-service/v2/application/pages/{id}/elements/{code}. */
export function deleteElement({ pageId, code }: { pageId: string; code: string }): Promise<void> {
  return api.delete<void>(`${path(pageId)}/elements/${encodeURIComponent(code)}`);
}

export const useCreatePage = () => useRefreshingMutation(createPage, pagesKey);
export const useUpdatePage = () => useRefreshingMutation(updatePage, pagesKey);
export const useDeletePage = () => useRefreshingMutation(deletePage, pagesKey);
export const useAddElement = () => useRefreshingMutation(addElement, pagesKey);
export const useDeleteElement = () => useRefreshingMutation(deleteElement, pagesKey);
