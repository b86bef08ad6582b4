import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { render } from '../../../../test-utils/render';
import { uploadFile } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { RichTextEditor } from './RichTextEditor';

// jsdom's File does not travel through Node's fetch; the upload call itself is the request layer's.
vi.mock('../../../lib/crud.api', () => ({ uploadFile: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

beforeAll(() => {
  // jsdom lays nothing out; ProseMirror measures the caret to keep it in view.
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

async function editor(value: string) {
  const onChange = vi.fn();
  render(<RichTextEditor label="Content" value={value} onChange={onChange} />);
  const content = await screen.findByTestId('rich-text', {}, { timeout: 10_000 });
  return { onChange, content };
}

describe('RichTextEditor', () => {
  beforeEach(() => {
    vi.mocked(notify).mockClear();
    vi.mocked(uploadFile).mockReset();
  });

  it('should load the editor when shown and show the value as formatted text', async () => {
    const { content } = await editor('<p>Hello <strong>world</strong></p>');
    expect(content.getAttribute('contenteditable')).toBe('true');
    expect(content.querySelector('strong')?.textContent).toBe('world');
    expect(screen.getByText('Content')).toBeTruthy();
  });

  it('should label the toolbar in the current language', async () => {
    await editor('');
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Link', 'Image', 'Undo'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('should send the HTML once, after the debounce, when the toolbar formats the text', async () => {
    const { onChange, content } = await editor('<p>Hello</p>');
    const user = userEvent.setup();
    content.focus();
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('<p><strong>Hello</strong></p>'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('should refuse an image that is not jpeg, jpg, png or svg without uploading it', async () => {
    await editor('<p>x</p>');
    const input = screen.getByTestId('rich-text-image-file') as HTMLInputElement;
    await userEvent.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Image format error!'));
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('should upload an image and insert it where the caret is', async () => {
    vi.mocked(uploadFile).mockResolvedValue({
      code: 200,
      msg: 'ok',
      url: '/profile/upload/cat.png',
      fileName: 'cat.png',
    });
    const { onChange } = await editor('<p>x</p>');
    const input = screen.getByTestId('rich-text-image-file') as HTMLInputElement;
    const picture = new File(['png'], 'cat.png', { type: 'image/png' });
    await userEvent.upload(input, picture);
    expect(uploadFile).toHaveBeenCalledWith('/common/upload/image', 'file', picture, 'cat.png');
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(
        expect.stringContaining('<img src="/profile/upload/cat.png"'),
      ),
    );
    expect(notify).not.toHaveBeenCalled();
  });
});
