import { Injectable } from '@nestjs/common';
import type { MissionLogStatus, MissionLogView, MissionStatus } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission, MissionLog } from './mission.entity';
import { missionLogView } from './missions.mapper';

/** A node run's start or end as the mission log stores it (a start: running, nothing ended). */
export interface NodeLogReport {
  missionId: number;
  missionCode: string;
  runId: string;
  nodeId: string;
  attempt: number;
  nodeName: string;
  nodeNameEn: string;
  agent: string;
  status: MissionLogStatus;
  /** JSON text, or null. */
  inputs: string | null;
  outputs: string | null;
  error: string | null;
  startedAt: Date;
  endedAt: Date | null;
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
}

/** A report's row as stored, and its mission's status as of that write (read in the same query). */
export interface WrittenNodeLog {
  row: MissionLogView;
  missionStatus: MissionStatus;
}

interface Queued {
  report: NodeLogReport;
  resolve: (written: WrittenNodeLog) => void;
  reject: (error: unknown) => void;
}

interface StoredRow {
  row: MissionLog;
  missionStatus: MissionStatus;
}

/** Rows in one statement at most (a batch is whatever queued while the previous one was written). */
const MAX_BATCH = 200;
const COLUMNS = 17;
const RETRIED_ERRORS = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

// One upsert for starts and ends. A start carries status 'running' and no end, so on an existing
// row it changes only what is still empty (names, agent, inputs), as an end does; an end fills the
// outcome once: the first end reported wins. ended_at last: MySQL applies the assignments in order,
// and the others test the old value. An end that arrives before its start writes the whole row.
const UPSERT_HEAD = `INSERT INTO wf_mission_log (mission_id, mission_code, run_id, node_id, attempt,
    node_name, node_name_en, agent, status, inputs, outputs, error, started_at, ended_at,
    prompt_tokens, completion_tokens, tokens_estimated)
  VALUES `;
const UPSERT_TAIL = `
  ON DUPLICATE KEY UPDATE
    node_name = IF(node_name = '', VALUES(node_name), node_name),
    node_name_en = IF(node_name_en = '', VALUES(node_name_en), node_name_en),
    agent = IF(agent = '', VALUES(agent), agent),
    inputs = COALESCE(inputs, VALUES(inputs)),
    status = IF(ended_at IS NULL, VALUES(status), status),
    outputs = IF(ended_at IS NULL, VALUES(outputs), outputs),
    error = IF(ended_at IS NULL, VALUES(error), error),
    prompt_tokens = IF(ended_at IS NULL, VALUES(prompt_tokens), prompt_tokens),
    completion_tokens = IF(ended_at IS NULL, VALUES(completion_tokens), completion_tokens),
    tokens_estimated = IF(ended_at IS NULL, VALUES(tokens_estimated), tokens_estimated),
    ended_at = COALESCE(ended_at, VALUES(ended_at))`;

/**
 * The mission log's writes, group-committed: the node-run reports that arrive while one batch is
 * being written wait for the next, which goes to MySQL as one multi-row upsert (one statement, one
 * commit) and one read of the rows as stored. Nothing is kept in memory past a report's answer: a
 * report is answered only after its batch committed, so a restart loses no report that was answered
 * (the worker repeats one that was not, and the upsert is idempotent). At low load a batch is one
 * row, written at once; under load the batches grow and the statements per node run shrink.
 */
@Injectable()
export class NodeLogWriter {
  private queue: Queued[] = [];
  private writing = false;

  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  /**
   * Writes the report (with the others queued meanwhile) and answers the row as stored, with its
   * mission's status after the write: a report waits for its batch, and the mission may have moved
   * meanwhile (stopped, completed), so the status its caller read before is not the one to push.
   */
  write(report: NodeLogReport): Promise<WrittenNodeLog> {
    return new Promise((resolve, reject) => {
      this.queue.push({ report, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      // Reports of the same turn of the event loop go in one batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const rows = await this.flush(batch.map((q) => q.report));
          for (const q of batch) {
            const stored = rows.get(keyOf(q.report));
            if (stored)
              q.resolve({ row: missionLogView(stored.row), missionStatus: stored.missionStatus });
            else
              q.reject(new Error(`mission log row ${keyOf(q.report)} not found after its write`));
          }
        } catch (error) {
          for (const q of batch) q.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async flush(reports: NodeLogReport[]): Promise<Map<string, StoredRow>> {
    const values: unknown[] = [];
    for (const r of reports) {
      values.push(
        r.missionId,
        r.missionCode,
        r.runId,
        r.nodeId,
        r.attempt,
        r.nodeName,
        r.nodeNameEn,
        r.agent,
        r.status,
        r.inputs,
        r.outputs,
        r.error,
        r.startedAt,
        r.endedAt,
        r.promptTokens,
        r.completionTokens,
        r.tokensEstimated,
      );
    }
    const placeholders = `(${new Array(COLUMNS).fill('?').join(', ')})`;
    const sql = UPSERT_HEAD + reports.map(() => placeholders).join(',\n    ') + UPSERT_TAIL;
    for (let round = 1; ; round += 1) {
      try {
        await this.db.query(sql, values);
        break;
      } catch (error) {
        // Two service instances' batches may lock the same index gap: the statement is idempotent.
        const code = (error as { code?: string }).code ?? '';
        if (round >= 5 || !RETRIED_ERRORS.has(code)) throw error;
      }
    }
    return this.readBack(reports);
  }

  /** The batch's rows as stored and their missions' statuses: one query. */
  private async readBack(reports: NodeLogReport[]): Promise<Map<string, StoredRow>> {
    const query = this.db
      .getRepository(MissionLog)
      .createQueryBuilder('log')
      .innerJoin(Mission, 'mission', 'mission.id = log.missionId')
      .addSelect('mission.status', 'mission_status');
    [...new Map(reports.map((r) => [keyOf(r), r])).values()].forEach((r, i) => {
      query.orWhere(
        `(log.runId = :run${i} AND log.nodeId = :node${i} AND log.attempt = :attempt${i})`,
        { [`run${i}`]: r.runId, [`node${i}`]: r.nodeId, [`attempt${i}`]: r.attempt },
      );
    });
    const { entities, raw } = await query.getRawAndEntities<{
      log_id: number | string;
      mission_status: MissionStatus;
    }>();
    const statusOf = new Map(raw.map((r) => [String(r.log_id), r.mission_status]));
    return new Map(
      entities.map((row) => [
        keyOf(row),
        { row, missionStatus: statusOf.get(String(row.id)) as MissionStatus },
      ]),
    );
  }
}

/** The log's unique key; lower case, as the table's collation compares it. */
function keyOf(row: { runId: string; nodeId: string; attempt: number }): string {
  return `${row.runId}\u0000${row.nodeId}\u0000${row.attempt}`.toLowerCase();
}
