import { Agent } from '../agents/agent.entity';
import { MissionCharge } from '../billing/mission-charge.entity';
import { BpmForm, BpmModel, TaskAssignRule, UserGroup } from '../bpm/bpm.entities';
import { ChatMessage, Conversation } from '../chat/conversation.entity';
import { FunctionDef } from '../functions/function.entity';
import { Mission, MissionLog, WorkflowDeployment } from '../missions/mission.entity';
import { MissionWait } from '../missions/mission-wait.entity';
import { Skill } from '../skills/skill.entity';
import { Workflow, WorkflowVersion } from '../workflows/workflow.entity';

/** Every entity of the workflow database. */
export const WORKFLOW_ENTITIES = [
  Workflow,
  WorkflowVersion,
  Agent,
  Skill,
  FunctionDef,
  BpmModel,
  BpmForm,
  TaskAssignRule,
  UserGroup,
  Mission,
  MissionLog,
  WorkflowDeployment,
  MissionWait,
  Conversation,
  ChatMessage,
  MissionCharge,
];
