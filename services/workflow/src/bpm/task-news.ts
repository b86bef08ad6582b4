import { PLATFORM_EVENTS } from '@platform/contracts';
import type { DataSource } from 'typeorm';

/** What a people's task announcement names. */
export interface TaskNews {
  taskId: string;
  taskName: string | null;
  processInstanceId: string;
}

/** The announcement of an engine task. */
export function newsOf(task: {
  id: string;
  name: string | null;
  processInstanceId: string;
}): TaskNews {
  return { taskId: task.id, taskName: task.name, processInstanceId: task.processInstanceId };
}

/**
 * Tells each user a task is theirs to do: workflow.bpm.task_assigned in the outbox, which the relay
 * hands to the notification service (an in-app message, pushed on the user's socket). The key makes
 * a repeat (a retried command, the sweep) announce once per task and user.
 */
export async function announceTask(
  db: DataSource,
  news: TaskNews,
  userIds: readonly number[],
): Promise<void> {
  if (!userIds.length) return;
  const [instance]: { name: string }[] = await db.query(
    'SELECT name FROM bpm_process_instance_ext WHERE process_instance_id = ?',
    [news.processInstanceId],
  );
  const type = PLATFORM_EVENTS.bpmTaskAssigned;
  const rows = userIds.map((userId) => [
    type,
    `${type}:${news.taskId}:${userId}`,
    JSON.stringify({
      userId,
      taskId: news.taskId,
      taskName: news.taskName ?? '',
      processInstanceId: news.processInstanceId,
      processName: instance?.name ?? '',
    }),
  ]);
  await db.query(
    'INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES ?',
    [rows],
  );
}
