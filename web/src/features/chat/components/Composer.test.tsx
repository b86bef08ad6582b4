import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { render } from '../../../../test-utils/render';
import type { Outgoing } from '../chat.thread';
import { Composer } from './Composer';

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const sent: Outgoing[] = [];
  const onSend = vi.fn(async (message: Outgoing) => {
    sent.push(message);
    return true;
  });
  render(
    <Composer
      busy={false}
      answering={null}
      onSend={onSend}
      onStop={() => undefined}
      onLeaveAnswer={() => undefined}
      {...props}
    />,
  );
  return { sent, onSend, input: screen.getByTestId('chat-input') };
}

describe(Composer.name, () => {
  it('should send with Enter and start a new line with Shift+Enter', async () => {
    const user = userEvent.setup();
    const { sent, input } = setup();
    await user.type(input, 'humanize{Shift>}{Enter}{/Shift}this');
    expect(input).toHaveProperty('value', 'humanize\nthis');
    expect(sent).toEqual([]);
    await user.type(input, '{Enter}');
    expect(sent).toEqual([{ content: 'humanize\nthis', files: [], patch: '' }]);
    expect(input).toHaveProperty('value', '');
  });

  it('should send nothing without content, a file or a patch', async () => {
    const user = userEvent.setup();
    const { onSend, input } = setup();
    expect(screen.getByTestId('chat-send')).toHaveProperty('disabled', true);
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('chat-patch-toggle'));
    await user.type(screen.getByTestId('chat-patch'), 'H:S31A');
    expect(screen.getByTestId('chat-send')).toHaveProperty('disabled', false);
    await user.click(screen.getByTestId('chat-send'));
    expect(onSend).toHaveBeenCalledWith({ content: '   ', files: [], patch: 'H:S31A' });
  });

  it('should leave Enter to an input method that is composing', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'ren yuan hua' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('should not send while a reply streams, and offer to stop it', async () => {
    const user = userEvent.setup();
    const onStop = vi.fn();
    const { onSend, input } = setup({ busy: true, onStop });
    await user.type(input, 'next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('chat-stop'));
    expect(onStop).toHaveBeenCalled();
  });

  it('should refuse files the assistant cannot read before uploading them', async () => {
    setup();
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    const pdf = new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [pdf] } });
    expect(await screen.findByTestId('chat-attachment-errors')).toHaveProperty(
      'textContent',
      expect.stringContaining('paper.pdf'),
    );
    expect(screen.queryByTestId('chat-attachment')).toBeNull();
  });
});
