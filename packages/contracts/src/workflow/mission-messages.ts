// Messages of missions and their log (issue 12), merged into MESSAGES.
export const MISSION_MESSAGES = {
  'mission.not_found': { zh: '任务不存在', en: 'The task does not exist' },
  'mission.status_locked': { zh: '任务状态不可修改', en: 'Task status cannot be modified' },
  'mission.status_mismatch': { zh: '任务状态不匹配', en: 'Task status does not match' },
  'mission.inputs_required': {
    zh: '提交失败：请输入内容、上传文件或提供补丁',
    en: 'Submission failed: enter some content, attach a file or give a patch',
  },
  'mission.files_max': {
    zh: '最多只能提交 {count} 个文件',
    en: 'At most {count} files can be submitted',
  },
  'mission.workflow_not_online': {
    zh: '工作流“{name}”未上线，不能发起任务',
    en: 'The workflow "{name}" is not online, so no task can be started on it',
  },
  'mission.workflow_testing_admin_only': {
    zh: '工作流“{name}”正在测试中，只有管理员可以发起测试任务',
    en: 'The workflow "{name}" is in testing: only administrators can start test tasks on it',
  },
  'mission.start_failed': {
    zh: '任务启动失败：流程引擎暂不可用，请稍后重试',
    en: 'The task could not start: the process engine is not available, please try again later',
  },
  'mission.run_mismatch': {
    zh: '任务状态不匹配：运行 {runId} 不是该任务当前的运行',
    en: 'Task status does not match: run {runId} is not the current run of the task',
  },
  'mission.key_required': {
    zh: '请提供任务编号或流程实例编号',
    en: 'Give the task code or the process instance id',
  },
  'mission.start_lost': {
    zh: '任务启动时服务中断，流程未能启动，冻结的积分已退回',
    en: 'The service stopped while starting the task: its process never started, and the frozen points were released',
  },
  'mission.instance_lost': {
    zh: '流程引擎中找不到该任务的流程实例',
    en: "The process engine has no trace of the task's process instance",
  },
  'mission.rerun_node_unknown': {
    zh: '流程中没有可以重新运行的节点 {nodeId}',
    en: 'The workflow has no node {nodeId} to rerun from',
  },
  'mission.rerun_failed': {
    zh: '任务重新运行失败：流程引擎暂不可用，请稍后重试',
    en: 'The task could not be rerun: the process engine is not available, please try again later',
  },
  'mission.reply_required': {
    zh: '请输入回复内容或上传文件',
    en: 'Enter a reply or attach a file',
  },
  'mission.review_not_permitted': {
    zh: '您没有审核或确认任务的权限',
    en: 'You have no permission to review or confirm tasks',
  },
  'mission.rejected': {
    zh: '管理员驳回了该任务',
    en: 'An administrator rejected the task',
  },
  'mission.wait_missing': {
    zh: '任务当前没有等待中的提问或审核',
    en: 'The task is not waiting for a reply or a review',
  },
  'mission.files_none': {
    zh: '该任务在此路径下没有文件',
    en: 'The task has no files under this path',
  },
  'mission.files_bad_path': {
    zh: '路径“{path}”无效',
    en: 'The path "{path}" is not valid',
  },
} as const;
