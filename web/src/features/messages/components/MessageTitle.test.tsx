import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { MessageTitle } from './MessageTitle';

describe(MessageTitle.name, () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', ''])(
    'should show the title as plain text for the link %j',
    (link) => {
      render(<MessageTitle link={link} title="Hello" />);
      expect(screen.getByText('Hello').closest('a')).toBeNull();
    },
  );

  it('should open an http(s) link in a new tab, without handing it the opener', () => {
    render(<MessageTitle link="https://example.com/a" title="Hello" />);
    const anchor = screen.getByRole('link', { name: 'Hello' });
    expect(anchor.getAttribute('href')).toBe('https://example.com/a');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchor.getAttribute('target')).toBe('_blank');
  });
});
