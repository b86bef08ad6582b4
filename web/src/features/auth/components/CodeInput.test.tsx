import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { CodeInput } from './CodeInput';

function Harness({ verified, sends }: { verified: string[]; sends: number[] }) {
  const [value, setValue] = useState('');
  return (
    <CodeInput
      value={value}
      onChange={setValue}
      onSend={async () => {
        sends.push(1);
        return true;
      }}
      onVerify={async (code) => {
        verified.push(code);
        return true;
      }}
    />
  );
}

describe(CodeInput.name, () => {
  it('should verify once exactly 6 characters are typed (after trimming)', async () => {
    const verified: string[] = [];
    render(<Harness verified={verified} sends={[]} />);
    const input = screen.getByTestId('code-input');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.change(input, { target: { value: ' 12345 ' } });
    expect(verified).toEqual([]);
    fireEvent.change(input, { target: { value: '123456' } });
    await waitFor(() => expect(verified).toEqual(['123456']));
  });

  it('should block a new send during the 120 s countdown', async () => {
    const sends: number[] = [];
    render(<Harness verified={[]} sends={sends} />);
    const button = screen.getByTestId('send-code');
    fireEvent.click(button);
    await screen.findByText('Resend in 120 s');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(sends).toHaveLength(1);
  });
});
