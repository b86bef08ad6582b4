import '@mantine/charts/styles.layer.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { LoadState } from '../../components/LoadState';
import { FIGURES_REFRESH_MS, personalFigures } from './dashboard.api';
import { FigureCard, Stat } from './FigureCard';
import { total } from './figures';
import { colorAt, labelOf, missionStatusLabel, STATUS_COLORS } from './labels';
import { Slices } from './Slices';

/** A user's own figures on the dashboard: missions by status, points, unread messages. */
export function PersonalFigures() {
  const { i18n } = useLingui();
  const figures = useQuery({
    queryKey: ['dashboard', 'mine'],
    queryFn: personalFigures,
    refetchInterval: FIGURES_REFRESH_MS,
  });
  const view = figures.data;
  const dash = '—';
  const missions = view?.missions ?? [];
  return (
    <LoadState
      loading={figures.isPending}
      error={view ? null : figures.error}
      onRetry={() => void figures.refetch()}
    >
      <div data-testid="personal-figures">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stat
            testId="stat-my-missions"
            label={<Trans>My missions</Trans>}
            value={view?.missions ? total(missions) : dash}
          />
          <Stat
            testId="stat-my-points"
            label={<Trans>My points (frozen)</Trans>}
            value={view?.points ? `${view.points.balance} (${view.points.frozen})` : dash}
          />
          <Stat
            testId="stat-my-unread"
            label={<Trans>Unread messages</Trans>}
            value={view?.unreadMessages ?? dash}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
          <FigureCard
            testId="chart-my-missions"
            title={<Trans>My missions by status</Trans>}
            unavailable={!view?.missions}
            empty={missions.length === 0}
          >
            <Slices
              height={220}
              size={180}
              data={missions.map((m, i) => ({
                name: labelOf(i18n, missionStatusLabel(m.status)),
                value: m.count,
                color: STATUS_COLORS[m.status] ?? colorAt(i),
              }))}
            />
          </FigureCard>
        </SimpleGrid>
      </div>
    </LoadState>
  );
}
