import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Application, MESSAGES } from '@gatehouse/contract';
import { findDialog, PORTAL, renderScreen, stubHttp } from '@/test/support';
import { fetchApplications } from './api/list-applications';
import { ApplicationPage, CREATE_CODE } from './application-page';

const PATH = '/admin-setting/application';
const APPS: Application[] = [PORTAL];

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

function server() {
  return stubHttp((call) => {
    if (call.method === 'GET' && call.url === '/admin-service/v2/application')
      return { data: { content: APPS, totalElements: 1 } };
    if (call.method === 'POST') {
      const body = call.body as { applicationId: string };
      if (body.applicationId === 'portal')
        return {
          status: 409,
          data: {
            code: 'CONFLICT',
            message: 'taken',
            fields: { applicationId: 'This application ID is already used.' },
          },
        };
      return { status: 201, data: { ...APPS[0], ...body } };
    }
    return undefined;
  });
}

describe('application api', () => {
  it('asks for the 0-based page, newest first, and adapts the envelope', async () => {
    stub = server();
    const result = await fetchApplications({ page: 2, size: 50, search: { status: ['ENABLED'] } });
    expect(stub.calls[0]).toMatchObject({
      params: { page: 1, size: 50, sort: 'createdDate,desc', status: ['ENABLED'] },
    });
    expect(result).toEqual({ items: APPS, total: 1 });
  });
});

describe('ApplicationPage', () => {
  it('links each application to its configuration and creates new ones', async () => {
    const user = userEvent.setup({ delay: null });
    stub = server();
    renderScreen(<ApplicationPage />, { url: PATH, path: PATH, codes: [CREATE_CODE] });
    const link = await screen.findByRole('link', { name: 'Configure Portal' });
    expect(link).toHaveAttribute('href', '/app-config/client?appId=portal');
    expect(screen.getByRole('row', { name: /Portal/ })).toHaveTextContent('--');

    await user.click(screen.getByRole('button', { name: /New application/ }));
    const dialog = await findDialog('New application');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getAllByText(MESSAGES.required)).toHaveLength(2));

    await user.type(within(dialog).getByLabelText('Application ID'), 'portal');
    await user.type(within(dialog).getByLabelText('Name'), 'Again{Enter}');
    expect(await within(dialog).findByText('This application ID is already used.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Application ID'));
    await user.type(within(dialog).getByLabelText('Application ID'), 'crm{Enter}');
    await waitFor(() => expect(stub!.writes()).toHaveLength(2));
    expect(stub.writes()[1]!.body).toEqual({ applicationId: 'crm', name: 'Again', description: null });
    expect(await screen.findByText(MESSAGES.createdSuccessfully)).toBeInTheDocument();
  });
});
