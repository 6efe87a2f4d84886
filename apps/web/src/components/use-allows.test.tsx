import type { ServerMenuItem } from '@gatehouse/contract';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccessProvider, useHasAction } from '@/lib/access';
import { useAllows } from './use-allows';

const menu = (menuPath: string, codes: string[]): ServerMenuItem => ({
  menuPath,
  menuName: menuPath,
  icon: null,
  hidden: false,
  elements: codes.map((code) => ({ code })),
  children: [],
});

const MENUS = [
  menu('/app-config/client', ['client:create']),
  menu('/app-config/resource/:id', ['resource:create']),
];
const PERMISSIONS = [{ permissionId: 'app-config.client', actionEntitySet: ['update' as const] }];

function Probe() {
  const allows = useAllows();
  const can = useHasAction();
  // Asked twice, as a table asks on every row: the second answer comes from what the first found.
  const codes = ['client:create', 'resource:create', 'client:create', 'resource:create'];
  return <span>{`${codes.map((code) => `${code}=${allows(code)}`).join(' ')} update=${can('update')}`}</span>;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(
    <AccessProvider menus={MENUS} permissions={PERMISSIONS}>
      <RouterProvider router={router} />
    </AccessProvider>,
  );
  return router;
}

describe('useAllows', () => {
  it("answers from the current path's menu, and again after a navigation", async () => {
    const router = renderAt('/app-config/client');
    expect(
      screen.getByText(
        'client:create=true resource:create=false client:create=true resource:create=false update=true',
      ),
    ).toBeInTheDocument();

    // What it found for one path is not kept for the next.
    await act(() => router.navigate('/app-config/resource/r1'));
    expect(
      screen.getByText(
        'client:create=false resource:create=true client:create=false resource:create=true update=false',
      ),
    ).toBeInTheDocument();
  });
});
