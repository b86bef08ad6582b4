import { PERMISSIONS } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { sessionStore } from '../../../lib/auth';
import { activateLanguage } from '../../../lib/i18n';
import { SkillsPage } from './AgentPages';

const api = useApiServer();

const skill = {
  id: 7,
  name: '编号',
  nameEn: 'Numbering',
  description: '',
  descriptionEn: '',
  instruction: 'Number the chains',
  functionIds: [],
  tools: ['antibody.number'],
  createBy: '1',
  createTime: '2025-11-28T00:00:00.000Z',
  updateBy: '1',
  updateTime: null,
};

function page() {
  const { add, edit } = PERMISSIONS.wujie.skill;
  sessionStore.set({ user: null, roles: [], permissions: [add, edit], routes: [] });
  return render(<SkillsPage />);
}

const sentBodies = () =>
  api()
    .seen.filter((r) => r.url.split('?')[0]!.endsWith('/wujie/skill') && r.method !== 'GET')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe(SkillsPage.name, () => {
  beforeEach(() => {
    api().on('/wujie/skill/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [skill], total: 1 }),
    );
    api().on('/wujie/functions/listSimple', (_req, res) => json(res, { code: 200, data: [] }));
  });
  afterEach(() => activateLanguage('en', false));

  it('should list the tools of a skill and send the built-in tools chosen in the form', async () => {
    page();
    expect(await screen.findByText('Numbering and CDRs (antibody.number)')).toBeTruthy();
    await userEvent.click(screen.getByTestId('add'));
    const form = await screen.findByTestId('entity-form');
    await userEvent.type(within(form).getByTestId('field-name'), '设计');
    await userEvent.click(within(form).getByTestId('field-tools'));
    // The dropdown is portalled beside the dialog, which hides its siblings from the role queries.
    await userEvent.click(await screen.findByText('CDR library design (antibody.design)'));
    await userEvent.click(within(form).getByTestId('form-submit'));
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({ name: '设计', tools: ['antibody.design'] });
  });

  it('should show the tool names in Chinese', async () => {
    await activateLanguage('zh', false);
    page();
    expect(await screen.findByText('编号与 CDR (antibody.number)')).toBeTruthy();
  });

  it('should not save a skill holding a tool that is not built in, and say which', async () => {
    api().on('/wujie/skill/7', (_req, res) =>
      json(res, { code: 200, data: { ...skill, tools: ['antibody.number', 'antibody.fold'] } }),
    );
    page();
    await screen.findByText('Numbering and CDRs (antibody.number)');
    await userEvent.click(screen.getByTestId('edit'));
    const form = await screen.findByTestId('entity-form');
    expect(within(form).getByText('antibody.fold')).toBeTruthy();
    await userEvent.click(within(form).getByTestId('form-submit'));
    expect(
      await within(form).findByText('Unknown tool: antibody.fold. Choose built-in tools only'),
    ).toBeTruthy();
    expect(sentBodies()).toHaveLength(0);
  });
});
