import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconBrowser, matchingIcons } from './icon-browser';
import { NAV_ICON_NAMES } from './nav-icons';

describe('the icon browser', () => {
  it('lists the icons the navigation can show, found by any part of the name in any case', () => {
    expect(NAV_ICON_NAMES).toContain('ApiOutlined');
    expect(matchingIcons('')).toEqual(NAV_ICON_NAMES);
    expect(matchingIcons(' user')).toEqual(['UsergroupAddOutlined', 'UserOutlined']);
    expect(matchingIcons('nothing-like-it')).toEqual([]);
  });

  it('picks the icon clicked, and shows the chosen one pressed', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<IconBrowser value="ApiOutlined" onPick={onPick} pickLabel={(name) => `Choose ${name}`} />);
    expect(screen.getByRole('button', { name: 'Choose ApiOutlined' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search icons' }), 'cloud');
    expect(screen.getByRole('status')).toHaveTextContent('2 icons');
    await user.click(screen.getByRole('button', { name: 'Choose CloudServerOutlined' }));
    expect(onPick).toHaveBeenCalledWith('CloudServerOutlined');
  });
});
