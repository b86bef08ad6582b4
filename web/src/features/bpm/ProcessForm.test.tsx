import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '../../../test-utils/render';
import { activateLanguage } from '../../lib/i18n';
import { ProcessForm } from './ProcessForm';
import { emptyValues, formFieldsOf, formProblems } from './start-form';

afterEach(() => activateLanguage('en', false));

const FIELDS = formFieldsOf(
  [
    { id: 'title', label: '标题', labelEn: 'Title', type: 'string', required: true },
    { id: 'count', label: '数量', labelEn: 'Count', type: 'long', required: false },
    { id: 'urgent', label: '加急', labelEn: 'Urgent', type: 'boolean', required: false },
  ],
  'en',
);

/** The form as the start page holds it: problems shown once sending was tried. */
function Harness() {
  const [values, setValues] = useState(emptyValues(FIELDS));
  const [tried, setTried] = useState(false);
  return (
    <>
      <ProcessForm
        fields={FIELDS}
        values={values}
        problems={tried ? formProblems(FIELDS, values) : {}}
        onChange={(id, value) => setValues({ ...values, [id]: value })}
      />
      <button onClick={() => setTried(true)}>send</button>
    </>
  );
}

describe('ProcessForm', () => {
  it('should render each field by its type and refuse an empty required field in English', () => {
    render(<Harness />);
    expect(screen.getByLabelText(/Title/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Urgent' })).toBeTruthy();
    fireEvent.click(screen.getByText('send'));
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Trip' } });
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('should say so in Chinese for a Chinese reader', async () => {
    await act(() => activateLanguage('zh', false));
    render(<Harness />);
    fireEvent.click(screen.getByText('send'));
    expect(screen.getByText('此项为必填项')).toBeTruthy();
  });

  it('should show earlier values read-only', () => {
    render(
      <ProcessForm fields={FIELDS} values={{ title: 'Trip', count: 2, urgent: true }} readOnly />,
    );
    expect(screen.getByLabelText(/Title/).hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
