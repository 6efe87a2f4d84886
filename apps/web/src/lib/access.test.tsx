import type { RolePermission, ServerMenuItem } from '@gatehouse/contract';
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAllows } from '@/components/use-allows';
import {
  AccessAs,
  AccessDisable,
  AccessProvider,
  findMenuByPath,
  hasAction,
  permissionIdOf,
  useAllowed,
  useHasAction,
} from './access';
import { i18n, setLanguage } from './i18n';

const menu = (menuPath: string, codes: string[], children: ServerMenuItem[] = []): ServerMenuItem => ({
  menuPath,
  menuName: menuPath,
  icon: null,
  hidden: false,
  elements: codes.map((code) => ({ code })),
  children,
});

const MENUS: ServerMenuItem[] = [
  menu(
    '',
    [],
    [
      menu('/app-config/client', ['client:create']),
      menu('/admin-setting/workflow-detail/:mode/:name', ['wf:edit']),
    ],
  ),
];
const PERMISSIONS: RolePermission[] = [
  { permissionId: 'app-config.client', actionEntitySet: ['retrieve', 'update'] },
  { permissionId: 'admin-setting.workflow-detail', actionEntitySet: ['retrieve'] },
];

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccessProvider menus={MENUS} permissions={PERMISSIONS}>
        {ui}
      </AccessProvider>
    </MemoryRouter>,
  );
}

function ActionProbe() {
  const can = useHasAction();
  return (
    <span>{`update:${can('update')} delete:${can('delete')} other:${can('update', 'app-config.resource')}`}</span>
  );
}

function AllowedProbe({ name, ...need }: Parameters<typeof useAllowed>[0] & { name: string }) {
  return <span>{`${name}:${useAllowed(need)}`}</span>;
}

describe('access', () => {
  it('finds the menu of a path, detail patterns included', () => {
    expect(findMenuByPath(MENUS, '/app-config/client')?.menuPath).toBe('/app-config/client');
    expect(findMenuByPath(MENUS, '/admin-setting/workflow-detail/edit/x')?.elements[0]?.code).toBe('wf:edit');
    expect(findMenuByPath(MENUS, '/app-config/resource')).toBeUndefined();
  });

  it('checks role actions by dotted permission id', () => {
    expect(hasAction(PERMISSIONS, 'app-config.client', 'update')).toBe(true);
    expect(hasAction(PERMISSIONS, 'app-config.client', 'delete')).toBe(false);
    expect(hasAction(PERMISSIONS, 'app-config.resource', 'update')).toBe(false);
  });

  it('useHasAction defaults to the permission id of the current path', () => {
    renderAt('/app-config/client', <ActionProbe />);
    expect(screen.getByText('update:true delete:false other:false')).toBeInTheDocument();
  });

  it('useAllowed holds only with the element code', () => {
    renderAt(
      '/app-config/client',
      <>
        <AllowedProbe name="create" code="client:create" />
        <AllowedProbe name="delete" code="client:delete" />
      </>,
    );
    expect(screen.getByText('create:true')).toBeInTheDocument();
    expect(screen.getByText('delete:false')).toBeInTheDocument();
  });

  it('AccessDisable disables the control with the no-permission title', () => {
    renderAt(
      '/app-config/client',
      <>
        <AccessDisable code="client:create">
          <Button>New client</Button>
        </AccessDisable>
        <AccessDisable code="client:status">
          <Button>Disable</Button>
        </AccessDisable>
      </>,
    );
    const allowed = screen.getByRole('button', { name: 'New client' });
    expect(allowed).toBeEnabled();
    expect(allowed).not.toHaveAttribute('title');
    const denied = screen.getByRole('button', { name: 'Disable' });
    expect(denied).toBeDisabled();
    expect(denied).toHaveAttribute('title', 'No permission');
  });

  it('the no-permission title is 暂无权限 in Chinese', async () => {
    setLanguage('zh');
    try {
      renderAt(
        '/app-config/resource',
        <AccessDisable code="resource:create">
          <Button>New category</Button>
        </AccessDisable>,
      );
      expect(screen.getByRole('button', { name: 'New category' })).toHaveAttribute('title', '暂无权限');
    } finally {
      setLanguage('en');
    }
    expect(i18n.t('noPermission')).toBe('No permission');
  });

  it('takes the permission id of a detail URL from its menu pattern', () => {
    expect(permissionIdOf(MENUS, '/admin-setting/workflow-detail/edit/x')).toBe(
      'admin-setting.workflow-detail',
    );
    expect(permissionIdOf(MENUS, '/app-config/client')).toBe('app-config.client');
    expect(permissionIdOf(MENUS, '/not/a/menu')).toBe('not.a.menu');
    renderAt('/admin-setting/workflow-detail/edit/x', <ActionProbe />);
    expect(screen.getByText(/^update:false/)).toBeInTheDocument();
  });

  it('useAllowed needs both the element code and the action when it names both', () => {
    function Probe() {
      const checks = [
        useAllowed({ code: 'client:create' }),
        useAllowed({ action: 'update' }),
        useAllowed({ code: 'client:create', action: 'update' }),
        useAllowed({ code: 'client:create', action: 'create' }),
        useAllowed({ code: 'client:delete', action: 'update' }),
        useAllowed({ action: 'update', permissionId: 'app-config.resource' }),
      ];
      return <span>{checks.join(' ')}</span>;
    }
    renderAt('/app-config/client', <Probe />);
    expect(screen.getByText('true true true false false false')).toBeInTheDocument();
  });

  it("useAllowed holds only with the action on the screen's permission", () => {
    renderAt(
      '/app-config/client',
      <>
        <AllowedProbe name="toggle" action="update" />
        <AllowedProbe name="delete" action="delete" />
        <AllowedProbe name="create" code="client:create" action="create" />
      </>,
    );
    expect(screen.getByText('toggle:true')).toBeInTheDocument();
    expect(screen.getByText('delete:false')).toBeInTheDocument();
    expect(screen.getByText('create:false')).toBeInTheDocument();
  });

  it('AccessDisable disables a control the role lacks the action for, even with the element', () => {
    renderAt(
      '/app-config/client',
      <>
        <AccessDisable code="client:create" action="create">
          <Button>New client</Button>
        </AccessDisable>
        <AccessDisable action="update">
          <Button>Edit</Button>
        </AccessDisable>
      </>,
    );
    const create = screen.getByRole('button', { name: 'New client' });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('title', 'No permission');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('AccessAs makes the controls below check another screen: its element codes and its permission', () => {
    function Probe() {
      const can = useHasAction();
      const allows = useAllows();
      return (
        <span>{`update:${can('update')} create:${useAllowed({ code: 'client:create' })} ${allows('client:create')}`}</span>
      );
    }
    renderAt(
      '/admin-setting/workflow-detail/edit/x',
      <>
        <Probe />
        <AccessAs path="/app-config/client">
          <Probe />
        </AccessAs>
      </>,
    );
    expect(screen.getByText('update:false create:false false')).toBeInTheDocument();
    expect(screen.getByText('update:true create:true true')).toBeInTheDocument();
  });
});
