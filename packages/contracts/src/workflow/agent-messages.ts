// Messages of the agent worker and the node context it asks for (issue 12), merged into MESSAGES.
// A node's failure reaches the user as the mission's error, rendered in the mission's language.
export const AGENT_MESSAGES = {
  'agent.node_unknown': {
    zh: '节点 {nodeId} 不是该任务工作流中的智能体节点',
    en: "Node {nodeId} is not an agent node of the task's workflow",
  },
  'agent.graph_unavailable': {
    zh: '任务所用的流程图已被修改，无法读取节点 {nodeId} 的设置',
    en: "The task's diagram was changed since it started: the settings of node {nodeId} cannot be read",
  },
  'agent.not_found': {
    zh: '节点 {nodeId}（{name}）对应的智能体不存在',
    en: 'Node {nodeId} ({name}): there is no agent of that name',
  },
  'agent.function_not_found': {
    zh: '函数节点 {nodeId}：没有名为“{name}”的函数',
    en: 'Function node {nodeId}: there is no function named "{name}"',
  },
  'agent.function_failed': {
    zh: '函数 {name} 运行失败：{error}',
    en: 'Function {name} failed: {error}',
  },
  'agent.tool_failed': {
    zh: '工具 {tool} 运行失败：{error}',
    en: 'Tool {tool} failed: {error}',
  },
  'agent.branch_unrouted': {
    zh: '节点 {nodeId} 的输出不满足分支 {gateways} 的任何条件，且没有默认路径',
    en: 'The output of node {nodeId} meets no rule of branch {gateways}, which has no default flow',
  },
  'agent.no_antibody': {
    zh: '输入中没有找到抗体重链或轻链可变区序列',
    en: 'No antibody heavy- or light-chain variable domain was found in the inputs',
  },
  'agent.no_antigen': {
    zh: '输入中没有找到抗原蛋白序列',
    en: 'No antigen protein sequence was found in the inputs',
  },
  'agent.ask_antibody': {
    zh: '请提供抗体的重链和/或轻链可变区序列（FASTA 或直接粘贴序列）。',
    en: "Please give the antibody's heavy- and/or light-chain variable-domain sequences (FASTA or plain).",
  },
  'agent.ask_antigen': {
    zh: '请提供抗原的蛋白序列（FASTA 或直接粘贴序列）。',
    en: "Please give the antigen's protein sequence (FASTA or plain).",
  },
  'agent.no_tools': {
    zh: '该智能体没有可运行的工具或函数，也未配置语言模型',
    en: 'The agent has no tools or functions to run and no language model is configured',
  },
  'agent.model_steps': {
    zh: '语言模型在 {steps} 步内没有给出最终答复',
    en: 'The language model gave no final answer within {steps} steps',
  },
} as const;
