import {
  ACTIONS,
  type Action,
  type Application,
  formatMessage,
  type Message,
  permissionIdForPath,
  type RolePermission,
  type ServerMenuItem,
} from '@gatehouse/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastHolder } from '@/components/use-toast';
import { AccessProvider } from '@/lib/access';
import { setTransport, type Transport } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { renderWithToasts } from './render';

/**
 * Test support for the features' screens: an HTTP transport that answers from a table of
 * handlers and records every call, a render with router, query client and access, and the
 * providers a feature needs outside the shell. It sits below the features, as app/ does not.
 */

/** What the console gives a screen: i18n, a query client of its own, and its toasts. */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastHolder>{children}</ToastHolder>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

const DATE = '2024-01-01T00:00:00.000Z';

/** The application `portal` that the app-config screens are opened on. */
export const PORTAL: Application = {
  applicationId: 'portal',
  name: 'Portal',
  description: null,
  productId: null,
  status: 'ENABLED',
  builtin: false,
  openToAllUsers: false,
  createdDate: DATE,
  lastModifiedDate: DATE,
};

export type StubCall = { method: string; url: string; params: Record<string, unknown>; body: unknown };
export type StubReply = { status?: number; data?: unknown };
export type StubHandler = (call: StubCall) => StubReply | undefined;

export function stubHttp(handler: StubHandler) {
  const calls: StubCall[] = [];
  const transport: Transport = async (request) => {
    const call: StubCall = {
      method: request.method,
      url: request.url,
      params: (request.params ?? {}) as Record<string, unknown>,
      body: request.body === undefined ? undefined : JSON.parse(request.body),
    };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, data: { code: 'NOT_FOUND', message: 'not stubbed' } };
    return { status: reply.status ?? 200, data: reply.data ?? {} };
  };
  const original = setTransport(transport);
  return {
    calls,
    /** The calls other than the given method's, e.g. every write. */
    writes: () => calls.filter((c) => c.method !== 'GET'),
    restore: () => {
      setTransport(original);
    },
  };
}

/**
 * The server an app-config screen talks to: the test's `overrides` first, then the Portal
 * application the screen is opened on, then the screen's own `answers`.
 */
export function stubAppServer(answers: StubHandler, overrides: StubHandler = () => undefined) {
  return stubHttp((call) => {
    const own = overrides(call);
    if (own) return own;
    if (call.url === `/admin-service/v2/application/${PORTAL.applicationId}`) return { data: PORTAL };
    return answers(call);
  });
}

/** A menu of `path` that carries the given element codes, as the server grants them. */
export function menuWith(path: string, codes: string[]): ServerMenuItem[] {
  return [
    {
      menuPath: path,
      menuName: path,
      icon: null,
      hidden: false,
      elements: codes.map((code) => ({ code })),
      children: [],
    },
  ];
}

/**
 * Renders a screen at `url` with a query client (a fresh one by default), the toasts and the given access: the
 * element `codes` of its menu, and the role's `actions` on its permission (all by default).
 */
export function renderScreen(
  screen: ReactElement,
  {
    url,
    path,
    codes = [],
    actions = ACTIONS,
    otherPermissions = [],
    queryClient = createQueryClient(),
  }: {
    url: string;
    path: string;
    codes?: string[];
    actions?: readonly Action[];
    /** The role's grants on other areas than the screen's, e.g. the Audit Log's. */
    otherPermissions?: RolePermission[];
    queryClient?: QueryClient;
  },
) {
  const router = createMemoryRouter([{ path, element: screen }], { initialEntries: [url] });
  const result = renderWithToasts(
    <QueryClientProvider client={queryClient}>
      <AccessProvider
        menus={menuWith(path, codes)}
        permissions={[
          { permissionId: permissionIdForPath(path), actionEntitySet: [...actions] },
          ...otherPermissions,
        ]}
      >
        <RouterProvider router={router} />
      </AccessProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * The open dialog titled `title`. rc-component gives every generated id the value "test-id"
 * under a test runner, so a dialog's aria-labelledby can point at another control and
 * `findByRole('dialog', { name })` cannot be trusted when a screen has more than one.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`No dialog around the title ${title}`);
  return dialog;
}

/**
 * An error body as the server sends it: the message by key with its parameters, the same in
 * English, and each named field's message alike.
 */
export function errorBody(code: string, message: Message, fields: Record<string, Message> = {}) {
  const byKey = (m: Message) => ({
    key: m.key,
    ...(m.params ? { params: m.params } : {}),
    message: formatMessage(m),
  });
  const named = Object.entries(fields).map(([field, m]) => ({ field, ...byKey(m) }));
  return { code, ...byKey(message), ...(named.length > 0 ? { fields: named } : {}) };
}
