import '@mantine/charts/styles.layer.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { AreaChart, BarChart } from '@mantine/charts';
import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { PlatformDashboardView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { LoadState } from '../../components/LoadState';
import { RequestError } from '../../lib/request';
import { FIGURES_REFRESH_MS, platformFigures } from './dashboard.api';
import { FigureCard, Stat } from './FigureCard';
import { missionRows, missionsByWorkflow, pointsRows, signUpRows, total } from './figures';
import { colorAt, labelOf, missionStatusLabel, orderStatusLabel, STATUS_COLORS } from './labels';
import { Slices } from './Slices';

/**
 * The platform's figures as charts (dashboard for administrators, and the bigscreen): refreshed every
 * 30 s; each panel says when its service did not answer or has nothing yet.
 */
export function PlatformFigures({ wall = false }: { wall?: boolean }) {
  const figures = useQuery({
    queryKey: ['dashboard', 'platform'],
    queryFn: platformFigures,
    refetchInterval: FIGURES_REFRESH_MS,
  });
  if (figures.error instanceof RequestError && figures.error.code === 403) {
    return (
      <Card withBorder data-testid="figures-forbidden">
        <Text>
          <Trans>You do not have permission to see the platform's figures.</Trans>
        </Text>
      </Card>
    );
  }
  return (
    <LoadState
      loading={figures.isPending}
      error={figures.data ? null : figures.error}
      onRetry={() => void figures.refetch()}
    >
      {figures.data ? <Panels view={figures.data} height={wall ? 280 : 220} /> : null}
    </LoadState>
  );
}

function Panels({ view, height }: { view: PlatformDashboardView; height: number }) {
  return (
    <div data-testid="platform-figures">
      <Totals view={view} />
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
        <SignUps view={view} height={height} />
        <Missions view={view} height={height} />
        <MissionsByWorkflow view={view} height={height} />
        <Points view={view} height={height} />
        <Orders view={view} height={height} />
        <Health view={view} />
      </SimpleGrid>
    </div>
  );
}

function Totals({ view }: { view: PlatformDashboardView }) {
  const missions = view.missions?.missions ?? [];
  const dash = '—';
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Stat
        testId="stat-users"
        label={<Trans>Users</Trans>}
        value={view.users ? view.users.totalUsers : dash}
      />
      <Stat
        testId="stat-active"
        label={<Trans>Active in the last {view.activeDays} days</Trans>}
        value={view.users ? view.users.activeUsers : dash}
      />
      <Stat
        testId="stat-missions"
        label={<Trans>Missions in the last {view.days} days</Trans>}
        value={view.missions ? total(missions) : dash}
      />
      <Stat
        testId="stat-incidents"
        label={<Trans>Engine incidents</Trans>}
        value={view.missions?.incidents ?? dash}
      />
    </SimpleGrid>
  );
}

function SignUps({ view, height }: { view: PlatformDashboardView; height: number }) {
  const { t } = useLingui();
  const signUps = view.users?.signUps ?? [];
  return (
    <FigureCard
      testId="chart-signups"
      title={<Trans>Sign-ups per day</Trans>}
      unavailable={!view.users}
      empty={total(signUps) === 0}
    >
      <AreaChart
        h={height}
        data={signUpRows(signUps, view.days)}
        dataKey="day"
        series={[{ name: 'count', label: t`Sign-ups`, color: 'blue.6' }]}
        curveType="monotone"
      />
    </FigureCard>
  );
}

function Missions({ view, height }: { view: PlatformDashboardView; height: number }) {
  const { i18n } = useLingui();
  const missions = view.missions?.missions ?? [];
  const { rows, statuses } = missionRows(missions, view.days);
  return (
    <FigureCard
      testId="chart-missions"
      title={<Trans>Missions per day by status</Trans>}
      unavailable={!view.missions}
      empty={missions.length === 0}
    >
      <BarChart
        h={height}
        data={rows}
        dataKey="day"
        type="stacked"
        withLegend
        series={statuses.map((status, i) => ({
          name: status,
          label: labelOf(i18n, missionStatusLabel(status)),
          color: STATUS_COLORS[status] ?? colorAt(i),
        }))}
      />
    </FigureCard>
  );
}

function MissionsByWorkflow({ view, height }: { view: PlatformDashboardView; height: number }) {
  const byWorkflow = missionsByWorkflow(view.missions?.missions ?? []);
  return (
    <FigureCard
      testId="chart-workflows"
      title={<Trans>Missions by workflow</Trans>}
      unavailable={!view.missions}
      empty={byWorkflow.length === 0}
    >
      <Slices
        height={height}
        size={Math.min(height - 40, 200)}
        data={byWorkflow.map((w, i) => ({ name: w.status, value: w.count, color: colorAt(i) }))}
      />
    </FigureCard>
  );
}

function Points({ view, height }: { view: PlatformDashboardView; height: number }) {
  const { t } = useLingui();
  const points = view.points?.points ?? [];
  return (
    <FigureCard
      testId="chart-points"
      title={<Trans>Points issued and spent per day</Trans>}
      unavailable={!view.points}
      empty={points.length === 0}
    >
      <BarChart
        h={height}
        data={pointsRows(points, view.days)}
        dataKey="day"
        withLegend
        series={[
          { name: 'issued', label: t`Issued`, color: 'teal.6' },
          { name: 'spent', label: t`Spent`, color: 'orange.6' },
        ]}
      />
    </FigureCard>
  );
}

function Orders({ view, height }: { view: PlatformDashboardView; height: number }) {
  const { i18n } = useLingui();
  const orders = view.points?.orders ?? [];
  return (
    <FigureCard
      testId="chart-orders"
      title={<Trans>Recharge orders by status</Trans>}
      unavailable={!view.points}
      empty={orders.length === 0}
    >
      <Slices
        height={height}
        size={Math.min(height - 40, 200)}
        data={orders.map((o, i) => ({
          name: labelOf(i18n, orderStatusLabel(o.status)),
          value: o.count,
          color: STATUS_COLORS[o.status] ?? colorAt(i),
        }))}
      />
    </FigureCard>
  );
}

function Health({ view }: { view: PlatformDashboardView }) {
  return (
    <FigureCard testId="service-health" title={<Trans>Service health</Trans>}>
      <Group>
        {Object.entries(view.health).map(([service, status]) => (
          <Badge
            key={service}
            size="lg"
            color={status === 'UP' ? 'teal' : 'red'}
            data-testid={`health-${service}`}
          >
            {service}: {status}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        <Trans>Updated {new Date(view.generatedAt).toLocaleTimeString()}</Trans>
      </Text>
    </FigureCard>
  );
}
