// Messages of the workflow area (designer rules of spec §5, diagram checks, workflow, agent, skill,
// function and process-model errors), merged into MESSAGES. Diagram messages name the element id.
export const WORKFLOW_MESSAGES = {
  'validation.min_items': {
    zh: '{field}至少需要{count}项',
    en: '{field} needs at least {count} item(s)',
  },
  'bpmn.xml_invalid': {
    zh: '流程图 XML 无法解析：{reason}',
    en: 'The diagram XML cannot be parsed: {reason}',
  },
  'bpmn.no_process': { zh: '流程图中没有流程', en: 'The diagram has no process' },
  'bpmn.key_required': { zh: '流程标识不能为空', en: 'The process key cannot be empty' },
  'bpmn.name_required': { zh: '流程名称不能为空', en: 'The process name cannot be empty' },
  'bpmn.key_pattern': {
    zh: 'key 只能使用英文数字命名',
    en: 'The key must start with a letter or underscore, then letters, digits, -, ., _ or $',
  },
  'bpmn.key_duplicate': {
    zh: 'Key值已存在,不允许使用相同的key值。',
    en: 'The key already exists; the same key cannot be used twice.',
  },
  'bpmn.key_readonly': {
    zh: '已有流程的 key 不能修改（原为 {key}）',
    en: 'The key of an existing process cannot be changed (it is {key})',
  },
  'bpmn.id_pattern': {
    zh: '元素 {id}：编号须以字母开头，只能包含字母、数字、-、.、:、_',
    en: 'Element {id}: an id starts with a letter, then letters, digits, -, ., : or _',
  },
  'bpmn.id_duplicate': {
    zh: '元素编号 {id} 重复',
    en: 'The element id {id} is used more than once',
  },
  'bpmn.no_start': { zh: '流程 {id} 缺少开始事件', en: 'Process {id} has no start event' },
  'bpmn.no_end': { zh: '流程 {id} 缺少结束事件', en: 'Process {id} has no end event' },
  'bpmn.flow_dangling': {
    zh: '连线 {id} 缺少起点或终点',
    en: 'Sequence flow {id} has no source or no target',
  },
  'bpmn.node_no_incoming': {
    zh: '节点 {id} 没有输入连线',
    en: 'Node {id} has no incoming sequence flow',
  },
  'bpmn.node_no_outgoing': {
    zh: '节点 {id} 没有输出连线',
    en: 'Node {id} has no outgoing sequence flow',
  },
  'bpmn.agent_descriptor_missing': {
    zh: '智能体节点 {id} 缺少智能体配置',
    en: 'Agent node {id} has no agent descriptor',
  },
  'bpmn.branch_descriptor_missing': {
    zh: '分支节点 {id} 缺少分支配置',
    en: 'Branch node {id} has no branch descriptor',
  },
  'bpmn.descriptor_json': {
    zh: '节点 {id} 的配置不是有效的 JSON 对象',
    en: 'The descriptor of node {id} is not a valid JSON object',
  },
  'bpmn.descriptor_field': {
    zh: '节点 {id} 的配置项 {name} 无效',
    en: 'Node {id}: the descriptor field {name} is invalid',
  },
  'bpmn.instruction_required': {
    zh: '智能体节点 {id} 的指令不能为空',
    en: 'Agent node {id}: the instruction cannot be empty',
  },
  'bpmn.type_invalid': {
    zh: '节点 {id} 的类型 {type} 无效',
    en: 'Node {id}: the type {type} is invalid',
  },
  'bpmn.validator_unknown': {
    zh: '节点 {id} 的校验器 {name} 不存在',
    en: 'Node {id}: there is no validator named {name}',
  },
  'bpmn.validator_param_text': {
    zh: '节点 {id} 的校验器 {name} 需要一个文本参数',
    en: 'Node {id}: validator {name} takes one text parameter',
  },
  'bpmn.validator_param_list': {
    zh: '节点 {id} 的校验器 {name} 需要参数列表',
    en: 'Node {id}: validator {name} takes a list of parameters',
  },
  'bpmn.validator_param_empty': {
    zh: '节点 {id} 的校验器 {name} 参数不能为空',
    en: 'Node {id}: the parameters of validator {name} cannot be empty',
  },
  'bpmn.branch_empty': {
    zh: '分支节点 {id} 至少需要一个分支',
    en: 'Branch node {id} needs at least one branch',
  },
  'bpmn.branch_target_required': {
    zh: '分支节点 {id} 的第 {index} 个分支没有目标节点',
    en: 'Branch node {id}: branch {index} has no target node',
  },
  'bpmn.branch_target_missing': {
    zh: '分支节点 {id} 的目标节点 {target} 不存在',
    en: 'Branch node {id}: the target node {target} does not exist',
  },
  'bpmn.branch_target_not_outgoing': {
    zh: '分支节点 {id} 的目标节点 {target} 不是其输出连线的目标',
    en: 'Branch node {id}: the target node {target} is not reached by one of its outgoing flows',
  },
  'bpmn.agent_unknown': {
    zh: '智能体节点 {id}（{name}）对应的智能体不存在',
    en: 'Agent node {id} ({nameEn}): there is no agent of that name',
  },
  'bpmn.node_type_mismatch': {
    zh: '节点 {id} 的配置类型 {type} 不能用于该节点',
    en: 'Node {id}: the descriptor type {type} does not fit this node',
  },
  'bpmn.element_unsupported': {
    zh: '智能体工作流不支持元素 {id}（{type}）',
    en: 'Element {id} ({type}) is not supported in agent workflows',
  },
  'bpmn.task_not_external': {
    zh: '节点 {element} 必须是外部任务（camunda:type="external" 并指定 topic）',
    en: 'Node {element} must be an external task (camunda:type="external" with a topic)',
  },
  'bpmn.condition_script': {
    zh: '连线 {element} 的条件是脚本；流程中不允许运行脚本',
    en: 'Sequence flow {element} has a script condition; scripts are not allowed',
  },
  // The engine gate (engine-gate.ts): {element} is the id and, when there is one, the name.
  'bpmn.unsafe_element': {
    zh: '元素 {element}：引擎不允许部署 {type}',
    en: 'Element {element}: {type} may not be deployed to the engine',
  },
  'bpmn.unsafe_attribute': {
    zh: '元素 {element}：引擎不允许部署属性 {attribute}',
    en: 'Element {element}: the attribute {attribute} may not be deployed to the engine',
  },
  'bpmn.expression_not_allowed': {
    zh: '元素 {element}：属性 {attribute} 含有表达式（${…} 或 #{…}）；只有连线条件可以使用表达式',
    en: 'Element {element}: {attribute} holds an expression (${…} or #{…}); only sequence-flow conditions may',
  },
  'bpmn.expression_invalid': {
    zh: '元素 {element}：{attribute} 的第 {position} 个字符处的“{token}”不被允许；条件只能是一个 ${…}，由变量名、数字、字符串、true/false/null、比较与逻辑运算和括号组成，不能调用方法或访问属性',
    en: 'Element {element}: "{token}" at position {position} of {attribute} is not allowed; a condition is one ${…} of variable names, numbers, strings, true/false/null, comparisons, boolean operators and parentheses, without method calls or property access',
  },
  'bpmn.timer_not_literal': {
    zh: '定时器 {element}：{attribute} 必须是 ISO 8601 时长、时间或循环（如 PT5M、2026-12-01T00:00:00Z、R3/PT10M），不能是表达式',
    en: 'Timer {element}: {attribute} must be an ISO 8601 duration, date or cycle (e.g. PT5M, 2026-12-01T00:00:00Z, R3/PT10M), not an expression',
  },
  'bpmn.timer_start_not_allowed': {
    zh: '开始事件 {element} 是定时启动事件；引擎不允许部署会自行启动的流程',
    en: 'Start event {element} is a timer start event; processes that start themselves may not be deployed',
  },
  'bpmn.loop_cardinality_not_literal': {
    zh: '元素 {element}：多实例的循环次数（loopCardinality）必须是整数，不能是表达式',
    en: 'Element {element}: the multi-instance loop cardinality must be a whole number, not an expression',
  },
  'bpmn.topic_not_allowed': {
    zh: '外部任务 {element} 的主题 {topic} 不是平台的主题（{topics}）',
    en: "External task {element}: the topic {topic} is not one of the platform's ({topics})",
  },
  'bpmn.branch_flow_unrouted': {
    zh: '分支节点 {id} 的连线 {flow}（指向 {target}）既不是分支规则的目标，也不是默认连线',
    en: 'Branch node {id}: flow {flow} to {target} is neither the target of a rule nor the default flow',
  },
  'bpmn.branch_source_not_agent': {
    zh: '分支节点 {id} 的前一个节点 {source} 不是智能体节点，分支无法取得校验结果',
    en: 'Branch node {id}: the node before it, {source}, is not an agent node, so the branch has no output to check',
  },
  'bpmn.route_variable_clash': {
    zh: '分支节点 {id} 与 {other} 的路由变量同名（{variable}），请修改其中一个节点编号',
    en: 'Branch nodes {id} and {other} share the route variable {variable}; change one of the ids',
  },
  'workflow.not_found': { zh: '工作流不存在', en: 'The workflow does not exist' },
  'workflow.agents_required': {
    zh: '工作流至少需要选择一个智能体',
    en: 'A workflow needs at least one agent',
  },
  'workflow.agent_missing': { zh: '智能体 {id} 不存在', en: 'Agent {id} does not exist' },
  'workflow.version_not_found': {
    zh: '工作流版本 {version} 不存在',
    en: 'Workflow version {version} does not exist',
  },
  'workflow.copy_suffix': { zh: '副本', en: 'copy' },
  'workflow.not_runnable': {
    zh: '只有测试中或已上线的工作流可以运行',
    en: 'Only workflows in testing or online can run',
  },
  'bpm.model_key_mismatch': {
    zh: '流程图的 key（{processKey}）与模型的 key（{key}）不一致',
    en: 'The diagram key ({processKey}) differs from the model key ({key})',
  },
  'agent.not_found': { zh: '智能体不存在', en: 'The agent does not exist' },
  'agent.in_use': {
    zh: '智能体已被工作流“{names}”使用，不能删除',
    en: 'The agent is used by the workflow(s) "{names}" and cannot be deleted',
  },
  'agent.skill_missing': { zh: '技能 {id} 不存在', en: 'Skill {id} does not exist' },
  'skill.not_found': { zh: '技能不存在', en: 'The skill does not exist' },
  'skill.in_use': {
    zh: '技能已被智能体“{names}”使用，不能删除',
    en: 'The skill is used by the agent(s) "{names}" and cannot be deleted',
  },
  'skill.function_missing': { zh: '函数 {id} 不存在', en: 'Function {id} does not exist' },
  'skill.tool_unknown': {
    zh: '工具只能是内置工具：{tools}',
    en: 'Tools must be built-in tools: {tools}',
  },
  'function.not_found': { zh: '函数不存在', en: 'The function does not exist' },
  'function.name_pattern': {
    zh: '函数名须以字母、_ 或 $ 开头，只能包含字母、数字、_ 和 $',
    en: 'A function name starts with a letter, _ or $, then letters, digits, _ or $',
  },
  'function.name_taken': { zh: '函数名 {name} 已存在', en: 'The function name {name} is taken' },
  'function.tags_required': {
    zh: '函数至少需要一个标签',
    en: 'A function needs at least one tag',
  },
  'function.code_required': { zh: '函数代码不能为空', en: 'The function code cannot be empty' },
  'function.param_duplicate': {
    zh: '参数名 {name} 重复',
    en: 'The parameter name {name} is used twice',
  },
  'function.in_use': {
    zh: '函数已被技能“{names}”使用，不能删除',
    en: 'The function is used by the skill(s) "{names}" and cannot be deleted',
  },
  'function.arg_required': {
    zh: '缺少必填参数 {name}',
    en: 'The required argument {name} is missing',
  },
  'function.arg_type': {
    zh: '参数 {name} 应为 {type} 类型',
    en: 'The argument {name} must be of type {type}',
  },
  'function.sandbox_failed': {
    zh: '函数沙箱运行失败，请稍后重试',
    en: 'The function sandbox failed, please try again later',
  },
  'bpm.model_not_found': { zh: '流程模型不存在', en: 'The process model does not exist' },
  'bpm.definition_not_found': {
    zh: '流程定义不存在或未部署',
    en: 'The process definition does not exist or is not deployed',
  },
  'bpm.definition_suspended': {
    zh: '流程“{name}”已挂起，暂不能发起，请联系管理员',
    en: 'The process "{name}" is suspended and cannot be started; please contact the administrator',
  },
  'bpm.model_not_deployed': {
    zh: '流程模型还没有部署，不能挂起或激活',
    en: 'The process model is not deployed yet, so it cannot be suspended or activated',
  },
  'bpm.instance_not_found': { zh: '流程实例不存在', en: 'The process instance does not exist' },
  'bpm.instance_forbidden': {
    zh: '无权查看或操作该流程实例',
    en: 'You may not see or act on this process instance',
  },
  'bpm.instance_not_running': {
    zh: '流程实例已结束，不能再操作',
    en: 'The process instance has ended and can no longer be changed',
  },
  'bpm.task_not_found': {
    zh: '任务不存在或已处理',
    en: 'The task does not exist or has already been handled',
  },
  'bpm.task_forbidden': {
    zh: '该任务不是你的待办，不能操作',
    en: 'This task is not on your to-do list',
  },
  'bpm.task_user_not_found': { zh: '目标用户不存在', en: 'The target user does not exist' },
  'bpm.form_field_required': {
    zh: '请填写“{field}”',
    en: 'Please fill in "{fieldEn}"',
  },
  'bpm.leave_not_found': { zh: '请假申请不存在', en: 'The leave request does not exist' },
  'bpm.leave_not_deployed': {
    zh: '请假流程还没有部署，请联系管理员',
    en: 'The leave process is not deployed yet; please contact the administrator',
  },
  'bpm.leave_time_order': {
    zh: '结束时间必须晚于开始时间',
    en: 'The end time must be later than the start time',
  },
  'bpm.rule_nobody': {
    zh: '分配规则（{type}）没有匹配到任何人，任务已交给管理员',
    en: 'The assignment rule ({type}) matched nobody, so the task went to the administrators',
  },
  'bpm.model_no_diagram': {
    zh: '流程模型还没有流程图，请先设计再部署',
    en: 'The process model has no diagram yet: design it before deploying',
  },
  'bpm.deploy_refused': {
    zh: '流程引擎拒绝部署：{reasonZh}',
    en: 'The process engine refused the deployment: {reasonEn}',
  },
  'bpm.engine_unavailable': {
    zh: '流程引擎暂不可用，请稍后重试',
    en: 'The process engine is not available, please try again later',
  },
  'bpm.form_not_found': { zh: '流程表单不存在', en: 'The process form does not exist' },
  'bpm.form_schema_invalid': {
    zh: '表单设计不是有效的 form-js 表单',
    en: 'The form design is not a valid form-js schema',
  },
  'bpm.form_schema_too_large': {
    zh: '表单设计过大（最多 {max} 个字符）',
    en: 'The form design is too large (at most {max} characters)',
  },
  'bpm.form_schema_type_unknown': {
    zh: '表单不支持组件类型“{type}”，可用：{types}',
    en: 'The form cannot hold a component of type "{type}"; available: {types}',
  },
  'bpm.group_not_found': { zh: '用户组不存在', en: 'The user group does not exist' },
  'bpm.group_missing': { zh: '用户组 {id} 不存在', en: 'User group {id} does not exist' },
  'bpm.rule_not_found': { zh: '任务分配规则不存在', en: 'The task assignment rule does not exist' },
  'bpm.rule_task_unknown': {
    zh: '流程模型中没有用户任务 {key}',
    en: 'The process model has no user task {key}',
  },
  'bpm.rule_exists': {
    zh: '用户任务 {key} 已有分配规则',
    en: 'The user task {key} already has an assignment rule',
  },
  'bpm.rule_options_required': {
    zh: '请选择分配规则的取值',
    en: 'Choose at least one value for the assignment rule',
  },
  'bpm.rule_options_invalid': {
    zh: '分配规则的取值 {value} 无效',
    en: 'The assignment rule value {value} is invalid',
  },
  'bpm.form_in_use': {
    zh: '表单已被流程模型“{names}”使用，不能删除',
    en: 'The form is used by the process model(s) "{names}" and cannot be deleted',
  },
  'bpm.group_in_use': {
    zh: '用户组已被任务分配规则使用，不能删除',
    en: 'The user group is used by a task assignment rule and cannot be deleted',
  },
  // Language-model errors (@platform/llm LlmError.code → `llm.<code>`); no provider detail or key in them.
  'llm.auth': {
    zh: '语言模型服务拒绝了平台的访问凭据，请联系管理员检查 LLM_API_KEY',
    en: "The language model service refused the platform's credentials; please ask the administrator to check LLM_API_KEY",
  },
  'llm.rate_limit': {
    zh: '语言模型服务繁忙（请求过多），请稍后再试',
    en: 'The language model service is busy (too many requests), please try again shortly',
  },
  'llm.timeout': {
    zh: '语言模型服务响应超时，请稍后再试',
    en: 'The language model service did not answer in time, please try again later',
  },
  'llm.unavailable': {
    zh: '语言模型服务暂不可用，请稍后再试',
    en: 'The language model service is not available, please try again later',
  },
  'llm.bad_request': {
    zh: '语言模型服务无法处理该请求（模型名称或参数有误，或对话过长），请联系管理员',
    en: 'The language model service could not process the request (wrong model name or parameters, or the conversation is too long); please contact the administrator',
  },
  'llm.aborted': { zh: '回复已取消', en: 'The reply was cancelled' },
} as const;
