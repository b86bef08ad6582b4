import type { LedgerCheckView } from '@platform/contracts';

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

interface CheckRow {
  user_id: string | number;
  balance: string | number;
  frozen: string | number;
  sum_points: string | number;
  sum_frozen: string | number;
}

/**
 * Proves the ledger: for every account (and every user with entries but no account), balance = Σ
 * points and frozen = Σ frozen of its entries. Read in one consistent snapshot, so it can run while
 * the service is posting.
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheckView> {
  const [rows, totals] = (await Promise.all([
    db.query(
      `SELECT u.user_id, COALESCE(a.balance, 0) AS balance, COALESCE(a.frozen, 0) AS frozen,
              COALESCE(e.sum_points, 0) AS sum_points, COALESCE(e.sum_frozen, 0) AS sum_frozen
         FROM (SELECT user_id FROM points_account UNION SELECT DISTINCT user_id FROM points_entry) u
         LEFT JOIN points_account a ON a.user_id = u.user_id
         LEFT JOIN (SELECT user_id, SUM(points) AS sum_points, SUM(frozen) AS sum_frozen
                      FROM points_entry GROUP BY user_id) e ON e.user_id = u.user_id
        WHERE COALESCE(a.balance, 0) <> COALESCE(e.sum_points, 0)
           OR COALESCE(a.frozen, 0) <> COALESCE(e.sum_frozen, 0)
           OR COALESCE(a.balance, 0) < 0 OR COALESCE(a.frozen, 0) < 0
        ORDER BY u.user_id`,
    ),
    db.query(
      `SELECT (SELECT COUNT(*) FROM points_account) AS accounts,
              (SELECT COUNT(*) FROM points_entry) AS entries`,
    ),
  ])) as [CheckRow[], { accounts: string | number; entries: string | number }[]];
  return {
    accounts: Number(totals[0].accounts),
    entries: Number(totals[0].entries),
    mismatches: rows.map((row) => ({
      userId: Number(row.user_id),
      balance: Number(row.balance),
      sumPoints: Number(row.sum_points),
      frozen: Number(row.frozen),
      sumFrozen: Number(row.sum_frozen),
    })),
  };
}
