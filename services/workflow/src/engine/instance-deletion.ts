import type { CamundaRestClient } from '@platform/engine-client';

/**
 * Deletes a process instance (its custom listeners skipped, a missing one no error). When the call
 * fails, the engine is asked whether the instance is still there: a delete whose answer was lost
 * (the connection cut after it was sent) may have taken effect, and a mission stopped in the engine
 * is stopped, whatever the failed call said. Throws the call's error when the instance is still
 * there or the engine cannot say.
 */
export async function deleteProcessInstanceSurely(
  client: CamundaRestClient,
  processInstanceId: string,
): Promise<void> {
  try {
    await client.deleteProcessInstance(processInstanceId, {
      skipCustomListeners: true,
      failIfNotExists: false,
    });
  } catch (error) {
    const instance = await client.findProcessInstance(processInstanceId).catch(() => undefined);
    if (instance === null) return;
    throw error;
  }
}
