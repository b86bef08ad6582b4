import type { DataSource } from 'typeorm';

/**
 * Who starts a mission's process instance. A start writes the mission row, then asks the engine for
 * the instance; a service killed in between leaves a row that no instance will ever move. The row's
 * start claim says that an attempt is at it: the first attempt's claim is the row's creation, and a
 * claim older than its grace belongs to an attempt that is gone. The first to take a lapsed claim over
 * (a retry with the same Idempotency-Key finishing the start, or the reconciler failing it) is the only
 * one, because taking it over is one conditional UPDATE.
 */
export async function takeOverStart(
  db: DataSource,
  missionId: number,
  graceMs: number,
): Promise<boolean> {
  const result = (await db.query(
    `UPDATE wf_mission SET start_claimed_at = NOW(3)
      WHERE id = ? AND status = 'not_started' AND process_instance_id IS NULL
        AND COALESCE(start_claimed_at, create_time) < NOW(3) - INTERVAL ? MICROSECOND`,
    [missionId, Math.round(graceMs * 1000)],
  )) as { affectedRows: number };
  return result.affectedRows === 1;
}

/**
 * Records the instance an attempt started, unless another attempt recorded one first (a first attempt
 * that was slow, not gone): false then, and the caller removes its own instance.
 */
export async function recordInstance(
  db: DataSource,
  missionId: number,
  processInstanceId: string,
): Promise<boolean> {
  const result = (await db.query(
    'UPDATE wf_mission SET process_instance_id = ? WHERE id = ? AND process_instance_id IS NULL',
    [processInstanceId, missionId],
  )) as { affectedRows: number };
  return result.affectedRows === 1;
}
