// The dashboard (/index) and the bigscreen (issue 30): each figure is an aggregate its owner service
// answers (one indexed query, cached briefly there); the gateway gathers them, never a service reading
// another's tables.

/** Days of history the daily series cover (today included). */
export const DASHBOARD_DAYS = 14;
/** A user is active when they signed in within this many days. */
export const DASHBOARD_ACTIVE_DAYS = 7;
/** How long an owner service keeps an aggregate before querying again. */
export const DASHBOARD_CACHE_MS = 30_000;

export const DASHBOARD_PATTERNS = {
  /** identity: sign-ups per day, active and total users. */
  users: 'identity.dashboard.users',
  /** workflow: missions per day by workflow and status, open engine incidents. */
  missions: 'workflow.dashboard.missions',
  /** workflow: the caller's own missions by status. */
  myMissions: 'workflow.dashboard.my-missions',
  /** billing: points issued and spent per day, recharge orders by status. */
  points: 'billing.dashboard.points',
} as const;

/** A count on a day (UTC, YYYY-MM-DD). */
export interface DayCount {
  day: string;
  count: number;
}

export interface StatusCount {
  status: string;
  count: number;
}

export interface UserFigures {
  signUps: DayCount[];
  activeUsers: number;
  totalUsers: number;
}

export interface MissionDayCount {
  day: string;
  workflowId: number;
  workflowName: string;
  status: string;
  count: number;
}

export interface MissionFigures {
  missions: MissionDayCount[];
  /** Open incidents in the process engine; null when the engine did not answer. */
  incidents: number | null;
}

export interface PointsDay {
  day: string;
  issued: number;
  spent: number;
}

export interface PointsFigures {
  points: PointsDay[];
  orders: StatusCount[];
}

export type ServiceHealth = 'UP' | 'DOWN';

/** GET /dashboard/platform: a part is null when its owner service did not answer. */
export interface PlatformDashboardView {
  days: number;
  activeDays: number;
  users: UserFigures | null;
  missions: MissionFigures | null;
  points: PointsFigures | null;
  health: Record<string, ServiceHealth>;
  generatedAt: string;
}

/** GET /dashboard/mine: the caller's own missions, points and unread messages. */
export interface PersonalDashboardView {
  missions: StatusCount[] | null;
  points: { balance: number; frozen: number } | null;
  unreadMessages: number | null;
}

/** The last `days` days (UTC) ending today, oldest first: the axis the daily series are filled onto. */
export function dashboardDays(days = DASHBOARD_DAYS, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
