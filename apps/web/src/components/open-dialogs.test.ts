import { describe, expect, it, vi } from 'vitest';
import { closeOpenDialogs, whileOpen } from './open-dialogs';

describe('open dialogs', () => {
  it('closes every dialog still open, once, and not one that has closed by itself', () => {
    const stillOpen = vi.fn();
    const closed = vi.fn();
    whileOpen(stillOpen);
    const forget = whileOpen(closed);
    forget();
    closeOpenDialogs();
    closeOpenDialogs();
    expect(stillOpen).toHaveBeenCalledTimes(1);
    expect(closed).not.toHaveBeenCalled();
  });
});
