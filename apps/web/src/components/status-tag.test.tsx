import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAntd } from '@/test/render';
import { StatusTag } from './status-tag';

describe('StatusTag', () => {
  it('shows ENABLED in green', () => {
    renderAntd(<StatusTag status="ENABLED" />);
    expect(screen.getByText('ENABLED')).toHaveClass('gh-tag-green');
  });

  it('shows DISABLED in red', () => {
    renderAntd(<StatusTag status="DISABLED" />);
    expect(screen.getByText('DISABLED')).toHaveClass('gh-tag-red');
  });

  it('shows any other value in a neutral tag', () => {
    renderAntd(<StatusTag status="LOCKED" />);
    const tag = screen.getByText('LOCKED');
    expect(tag).toHaveClass('gh-tag');
    expect(tag.className).not.toMatch(/gh-tag-(green|red)/);
  });

  it('shows -- without a tag when the status is empty', () => {
    const { container } = renderAntd(<StatusTag status={null} />);
    expect(container).toHaveTextContent('--');
    expect(container.querySelector('.gh-tag')).toBeNull();
  });
});
