import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { commonFolder, MissionFiles } from './MissionFiles';

const api = useApiServer();

const FILES = [
  '/profile/upload/5/2026/11/29/0b5e6f9e-3c1a-4a8e-9f2e-1d2c3b4a5e6f.pdb',
  '/profile/upload/5/2026/11/29/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f.txt',
];

afterEach(() => vi.restoreAllMocks());

describe(commonFolder.name, () => {
  it('should name the folder all the files share', () => {
    expect(commonFolder(FILES)).toBe('/profile/upload/5/2026/11/29');
    expect(commonFolder([FILES[0]!, '/profile/upload/5/2026/12/01/x.txt'])).toBe(
      '/profile/upload/5/2026',
    );
    expect(commonFolder([FILES[1]!])).toBe('/profile/upload/5/2026/11/29');
  });
});

describe(MissionFiles.name, () => {
  it('should download the files of the mission as one zip of their folder', async () => {
    api().on('/wujie/mission/7/files/zip', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip' });
      res.end(Buffer.from('PK\u0003\u0004'));
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    render(
      <MissionFiles
        mission={{ id: 7, code: 'M20261129000000ABCDEF12', inputs: { files: FILES } }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download all as zip' }));
    await waitFor(() => expect(saved).toEqual(['M20261129000000ABCDEF12-files.zip']));
    const asked = api().seen.filter((r) => r.url.startsWith('/prod-api/wujie/mission/7/files/zip'));
    expect(
      asked.map((r) => [r.method, new URL(r.url, 'http://x').searchParams.get('path')]),
    ).toEqual([['GET', '/profile/upload/5/2026/11/29']]);
  });

  it('should show nothing for a mission without files', () => {
    const { container } = render(
      <MissionFiles mission={{ id: 7, code: 'M1', inputs: { text: 'x' } }} />,
    );
    expect(container.querySelector('[data-testid="mission-files"]')).toBeNull();
  });
});
