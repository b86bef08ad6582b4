/** Message patterns of the workflow service; the gateway sends them, the workflow service handles them. */
export const WORKFLOW_PATTERNS = {
  health: 'workflow.health',
  list: 'workflow.workflow.list',
  listSimple: 'workflow.workflow.list-simple',
  get: 'workflow.workflow.get',
  create: 'workflow.workflow.create',
  update: 'workflow.workflow.update',
  remove: 'workflow.workflow.remove',
  copy: 'workflow.workflow.copy',
  tags: 'workflow.workflow.tags',
  xmlToJson: 'workflow.workflow.xml-to-json',
  versions: 'workflow.version.list',
  version: 'workflow.version.get',
  diff: 'workflow.version.diff',
  restore: 'workflow.version.restore',
  /** The current version of a workflow and its agent graph, for a run to record and execute. */
  resolveRun: 'workflow.version.resolve-run',

  agentList: 'workflow.agent.list',
  agentListSimple: 'workflow.agent.list-simple',
  agentGet: 'workflow.agent.get',
  agentCreate: 'workflow.agent.create',
  agentUpdate: 'workflow.agent.update',
  agentRemove: 'workflow.agent.remove',

  skillList: 'workflow.skill.list',
  skillListSimple: 'workflow.skill.list-simple',
  skillGet: 'workflow.skill.get',
  skillCreate: 'workflow.skill.create',
  skillUpdate: 'workflow.skill.update',
  skillRemove: 'workflow.skill.remove',

  functionList: 'workflow.function.list',
  functionListSimple: 'workflow.function.list-simple',
  functionGet: 'workflow.function.get',
  functionCreate: 'workflow.function.create',
  functionUpdate: 'workflow.function.update',
  functionRemove: 'workflow.function.remove',
  functionRun: 'workflow.function.run',
  functionTags: 'workflow.function.tags',

  modelList: 'workflow.bpm.model.list',
  modelGet: 'workflow.bpm.model.get',
  modelCreate: 'workflow.bpm.model.create',
  modelUpdate: 'workflow.bpm.model.update',
  modelRemove: 'workflow.bpm.model.remove',
  modelDeploy: 'workflow.bpm.model.deploy',
  /** Suspends or activates the model's deployed definition (BpmModelUpdateStateBody). */
  modelUpdateState: 'workflow.bpm.model.update-state',

  ruleList: 'workflow.bpm.rule.list',
  ruleCreate: 'workflow.bpm.rule.create',
  ruleUpdate: 'workflow.bpm.rule.update',
  ruleRemove: 'workflow.bpm.rule.remove',

  formList: 'workflow.bpm.form.list',
  formListSimple: 'workflow.bpm.form.list-simple',
  formGet: 'workflow.bpm.form.get',
  formCreate: 'workflow.bpm.form.create',
  formUpdate: 'workflow.bpm.form.update',
  formRemove: 'workflow.bpm.form.remove',

  groupList: 'workflow.bpm.group.list',
  groupListSimple: 'workflow.bpm.group.list-simple',
  groupGet: 'workflow.bpm.group.get',
  groupCreate: 'workflow.bpm.group.create',
  groupUpdate: 'workflow.bpm.group.update',
  groupRemove: 'workflow.bpm.group.remove',

  processDefinitionPage: 'workflow.bpm.process-definition.page',
  processDefinitionGet: 'workflow.bpm.process-definition.get',
  processInstanceCreate: 'workflow.bpm.process-instance.create',
  processInstanceGet: 'workflow.bpm.process-instance.get',
  processInstanceMyPage: 'workflow.bpm.process-instance.my-page',
  processInstanceCancel: 'workflow.bpm.process-instance.cancel',
  taskTodoPage: 'workflow.bpm.task.todo-page',
  taskDonePage: 'workflow.bpm.task.done-page',
  taskApprove: 'workflow.bpm.task.approve',
  taskReject: 'workflow.bpm.task.reject',
  taskTransfer: 'workflow.bpm.task.transfer',
  taskDelegate: 'workflow.bpm.task.delegate',
  taskListByInstance: 'workflow.bpm.task.list-by-process-instance-id',
  /** Comments a task of an instance the caller may see (TaskCommentBody). */
  taskComment: 'workflow.bpm.task.comment',
  leaveCreate: 'workflow.bpm.oa-leave.create',
  leaveGet: 'workflow.bpm.oa-leave.get',
  leavePage: 'workflow.bpm.oa-leave.page',

  missionStart: 'workflow.mission.start',
  missionList: 'workflow.mission.list',
  missionGet: 'workflow.mission.get',
  missionStop: 'workflow.mission.stop',
  missionLogList: 'workflow.mission-log.list',
  /** From the agent worker: a node run started (mission log row, mission in progress); idempotent. */
  missionNodeStarted: 'workflow.mission.node-started',
  /** From the agent worker: a node run ended with success or failure; idempotent. */
  missionNodeEnded: 'workflow.mission.node-ended',
  /** The process instance of a run ended (worker or reconciler); idempotent. */
  missionCompleted: 'workflow.mission.completed',
  /** A run failed for good (an incident after the retries); idempotent. */
  missionFailed: 'workflow.mission.failed',
  /** For the agent worker: what one agent node of a mission runs with (AgentNodeContextView). */
  missionNodeContext: 'workflow.mission.node-context',
  /**
   * For the agent worker: the node's context (as missionNodeContext) and, when the body names the
   * attempt, the start of that node run reported (as missionNodeStarted) in the same call; idempotent.
   */
  missionNodeBegin: 'workflow.mission.node-begin',
  /** A new run of a mission from a node (owner, administrator). */
  missionRerun: 'workflow.mission.rerun',
  /** The owner's reply to an agent's question: the waiting node goes on. */
  missionReply: 'workflow.mission.reply',
  /** An administrator approves or rejects a node that waits for review or confirmation. */
  missionReview: 'workflow.mission.review',
  /** From the agent worker: an agent asks the owner for input (MissionAskView); idempotent. */
  missionAskUser: 'workflow.mission.ask-user',

  /** The caller's conversations (an administrator's `all`: everyone's), newest first. */
  chatList: 'workflow.chat.list',
  chatCreate: 'workflow.chat.create',
  chatRename: 'workflow.chat.rename',
  chatRemove: 'workflow.chat.remove',
  /** The messages of one conversation, oldest first, exactly as stored. */
  chatMessages: 'workflow.chat.messages',
  /** Sends a message; answered with several values (ChatStreamEvent), the reply as it is written. */
  chatSend: 'workflow.chat.send',

  /** Workflows the caller may try in the playground: online; in testing too for administrators. */
  playgroundWorkflows: 'workflow.playground.workflows',
  /** For the agent worker: the node context of a playground run of one agent (no mission). */
  playgroundAgentContext: 'workflow.playground.agent-context',
} as const;

export type WorkflowPattern = (typeof WORKFLOW_PATTERNS)[keyof typeof WORKFLOW_PATTERNS];
