import { useLingui } from '@lingui/react/macro';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import Fuse from 'fuse.js';
import { useMemo } from 'react';

import { useSession } from '../../../lib/auth';
import { searchablePages, titleText } from '../../menu';

export const SEARCH_THRESHOLD = 0.4;

interface Entry {
  path: string;
  title: string;
  link?: string;
}

/** Fuzzy search over the menu's pages by title and path (fuse.js, threshold 0.4; spec §2). */
export function searchPages(entries: Entry[], query: string): Entry[] {
  if (!query.trim()) return entries;
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: SEARCH_THRESHOLD,
    minMatchCharLength: 1,
    shouldSort: true,
  });
  return fuse.search(query).map((result) => result.item);
}

export function HeaderSearch() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const routes = useSession((state) => state.routes);
  const entries = useMemo<Entry[]>(
    () =>
      searchablePages({ routes, user: null, roles: [], permissions: [] }).map((page) => ({
        path: page.path,
        link: page.link,
        title: [...page.trail, page.title].map((title) => titleText(i18n, title)).join(' > '),
      })),
    [routes, i18n],
  );
  const filter: OptionsFilter = ({ options, search }) => {
    const byPath = new Map((options as ComboboxItem[]).map((item) => [item.value, item]));
    return searchPages(entries, search).flatMap((entry) => byPath.get(entry.path) ?? []);
  };
  return (
    <Select
      aria-label={t`Search menu`}
      placeholder={t`Search menu`}
      data={entries.map((entry) => ({ value: entry.path, label: entry.title }))}
      searchable
      value={null}
      filter={filter}
      limit={20}
      w={220}
      leftSection={<IconSearch size={14} />}
      rightSection={<span />}
      nothingFoundMessage={t`No matching menu`}
      onChange={(path) => {
        if (!path) return;
        const entry = entries.find((item) => item.path === path);
        if (entry?.link) window.open(entry.link, '_blank', 'noopener');
        else router.history.push(path);
      }}
      data-testid="header-search"
      visibleFrom="md"
    />
  );
}
