import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { loadMarkdown, Markdown } from './Markdown';

describe(Markdown.name, () => {
  it('should show the assistant Markdown as formatted text', async () => {
    await loadMarkdown();
    const { container } = render(
      <Markdown text={'Starting **humanization**:\n\n- heavy\n- light'} />,
    );
    await waitFor(() =>
      expect(container.querySelector('strong')?.textContent).toBe('humanization'),
    );
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'heavy',
      'light',
    ]);
  });

  it('should never let HTML or script links through', async () => {
    await loadMarkdown();
    const { container } = render(
      <Markdown text={'<img src=x onerror="alert(1)"> [click](javascript:alert(1))'} />,
    );
    await screen.findByText(/click/);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
