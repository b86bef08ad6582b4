import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsISO8601,
  IsString,
  MaxLength,
  registerDecorator,
  ValidateNested,
} from 'class-validator';

import { MISSION_QUESTION_MAX, MISSION_REVIEW_REASON_MAX } from '../workflow/mission-waits';
import {
  MISSION_FILE_NAME_MAX,
  MISSION_FILES_MAX,
  MISSION_JSON_MAX,
  MISSION_LOG_STATUS,
  MISSION_LOG_STATUSES,
  MISSION_PATCH_MAX,
  MISSION_SORT_FIELDS,
  MISSION_STATUSES,
  MISSION_TEXT_MAX,
  type MissionLogStatus,
  type MissionSortField,
  type MissionStatus,
} from '../workflow/missions';
import { DESCRIPTION_MAX, NAME_MAX } from '../workflow/rules';
import {
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toBoolean,
} from './admin/fields';
import { PageQueryBody, TimeRange } from './admin/paging.dto';
import { EntityId, OneOf, Optional, Required } from './decorators';

// Requests of missions (issue 12): the user's start, list, read and stop through the gateway, and
// the agent worker's reports of node runs (internal patterns, sent without the gateway's envelope).

/** Any JSON value whose text is at most `max` characters (node inputs, outputs, results). */
const JsonValue =
  (max = MISSION_JSON_MAX): PropertyDecorator =>
  (target, property) => {
    Optional()(target, property);
    registerDecorator({
      name: 'jsonValue',
      target: target.constructor,
      propertyName: String(property),
      options: { message: 'validation.max_length', context: { length: max } },
      validator: {
        validate: (value: unknown) => {
          try {
            const text = JSON.stringify(value);
            return text !== undefined && text.length <= max;
          } catch {
            return false;
          }
        },
      },
    });
  };

/** What a user submits; at least one of the three (checked by the service: "Submission failed"). */
export class MissionInputsBody {
  @OptionalText(MISSION_TEXT_MAX)
  text?: string;

  /** Stored names of uploaded files. */
  @Optional()
  @IsArray(INVALID)
  @ArrayMaxSize(MISSION_FILES_MAX, {
    message: 'mission.files_max',
    context: { count: MISSION_FILES_MAX },
  })
  @IsString({ ...INVALID, each: true })
  @MaxLength(MISSION_FILE_NAME_MAX, { ...INVALID, each: true })
  files?: string[];

  @OptionalText(MISSION_PATCH_MAX)
  patch?: string;
}

/** POST /wujie/mission. */
/**
 * GET /wujie/mission/{id}/files/zip: the mission's files under one folder of the store
 * (`/profile/upload/<owner>/2026/11/29`); none given, all of them.
 */
export class MissionFilesZipQuery {
  @OptionalText(MISSION_FILE_NAME_MAX)
  path?: string;
}

export class MissionStartBody {
  @EntityId()
  workflowId!: number;

  /** Default: the workflow's name. */
  @OptionalText(NAME_MAX)
  name?: string;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  /** The chat conversation the mission belongs to, if any. */
  @OptionalInt(1)
  conversationId?: number;

  @Optional()
  @ValidateNested()
  @Type(() => MissionInputsBody)
  inputs?: MissionInputsBody;
}

/** GET /wujie/mission/list: own missions; an administrator sees everyone's (and may filter by owner). */
export class MissionListQuery extends TimeRange {
  @OptionalOneOf(MISSION_SORT_FIELDS)
  orderByColumn?: MissionSortField;

  @OptionalOneOf(MISSION_STATUSES)
  status?: MissionStatus;

  @OptionalInt(1)
  workflowId?: number;

  @OptionalText(NAME_MAX)
  name?: string;

  @OptionalText(32)
  code?: string;

  /** Administrators only; ignored for anyone else. */
  @OptionalInt(1)
  ownerUserId?: number;
}

/** GET /wujie/missionLog/list. */
export class MissionLogListQuery extends PageQueryBody {
  @OptionalText(32)
  missionCode?: string;

  @OptionalText(64)
  runId?: string;

  @OptionalText(255)
  nodeId?: string;

  @OptionalOneOf(MISSION_LOG_STATUSES)
  status?: MissionLogStatus;
}

/** Which mission a report is about: its code (the business key) or its process instance. */
export class MissionRefBody {
  @OptionalText(32)
  missionCode?: string;

  @OptionalText(64)
  processInstanceId?: string;
}

/** One node run: the key the mission log is unique on is (runId, nodeId, attempt). */
export class MissionNodeBody extends MissionRefBody {
  @RequiredText(64)
  runId!: string;

  @RequiredText(255)
  nodeId!: string;

  /** 1 for the first delivery of the node's task, then one more per retry. */
  @OptionalInt(1, 1000)
  attempt?: number;

  @OptionalText(255)
  nodeName?: string;

  @OptionalText(255)
  nodeNameEn?: string;

  /** Name of the agent (or function) that runs the node. */
  @OptionalText(100)
  agent?: string;

  @JsonValue()
  inputs?: unknown;

  @Optional()
  @IsISO8601({}, INVALID)
  startedAt?: string;
}

export class MissionNodeEndedBody extends MissionNodeBody {
  @Required()
  @OneOf([MISSION_LOG_STATUS.success, MISSION_LOG_STATUS.failed])
  status!: Exclude<MissionLogStatus, 'running'>;

  @JsonValue()
  outputs?: unknown;

  @OptionalText(4000)
  error?: string;

  @Optional()
  @IsISO8601({}, INVALID)
  endedAt?: string;

  /** What the node's language-model calls cost, summed (none without a model). */
  @OptionalInt(0, 2_000_000_000)
  promptTokens?: number;

  @OptionalInt(0, 2_000_000_000)
  completionTokens?: number;

  /** True when the provider reported no counts and these were estimated from the text. */
  @Optional()
  @IsBoolean(INVALID)
  tokensEstimated?: boolean;
}

export class MissionCompletedBody extends MissionRefBody {
  /** Default: the current run. */
  @OptionalText(64)
  runId?: string;

  /** Default: the outputs of the run's last successful node. */
  @JsonValue()
  result?: unknown;
}

export class MissionFailedBody extends MissionRefBody {
  @OptionalText(64)
  runId?: string;

  @RequiredText(4000)
  error!: string;

  @OptionalText(255)
  nodeId?: string;
}

/** The agent worker asks what node `nodeId` of a mission's run runs with. */
export class MissionNodeContextBody extends MissionRefBody {
  /** Default: the mission's current run. */
  @OptionalText(64)
  runId?: string;

  @RequiredText(255)
  nodeId!: string;
}

/**
 * The worker's first call for a node's task (missionNodeBegin): the node's context, and with
 * `attempt` the start of that attempt reported as well (the log row's name, agent and inputs are
 * the context's). The outputs a rerun starts with come in the context's `previous` (read from the
 * instance), and the reported inputs list them. `outputVariables` is what workers sent before they
 * fetched a task without its outputs: the task's non-null `output_<node>` variables, still listed.
 */
export class MissionNodeBeginBody extends MissionNodeContextBody {
  @OptionalInt(1, 1000)
  attempt?: number;

  @Optional()
  @IsISO8601({}, INVALID)
  startedAt?: string;

  @Optional()
  @IsArray(INVALID)
  @ArrayMaxSize(1000, INVALID)
  @IsString({ ...INVALID, each: true })
  @MaxLength(300, { ...INVALID, each: true })
  outputVariables?: string[];
}

/** POST /wujie/mission/{id}/rerun: a new run of the mission from node `nodeId`. */
export class MissionRerunBody {
  @RequiredText(255)
  nodeId!: string;
}

export class MissionRerunRpcBody extends MissionRerunBody {
  @EntityId()
  id!: number;
}

/**
 * A file attached to a reply, as the upload answered it: the stored name (which the gateway checks
 * as it checks a chat message's, see chat-attachments) and the user's own name, shown in the chat.
 */
export class MissionReplyFileBody {
  @RequiredText(MISSION_FILE_NAME_MAX)
  fileName!: string;

  @RequiredText(MISSION_FILE_NAME_MAX)
  originalFilename!: string;
}

/** POST /wujie/mission/{id}/reply: the owner answers an agent's question (text or files). */
export class MissionReplyBody {
  @OptionalText(MISSION_TEXT_MAX)
  text?: string;

  @Optional()
  @IsArray(INVALID)
  @ArrayMaxSize(MISSION_FILES_MAX, {
    message: 'mission.files_max',
    context: { count: MISSION_FILES_MAX },
  })
  @ValidateNested({ each: true })
  @Type(() => MissionReplyFileBody)
  files?: MissionReplyFileBody[];
}

export class MissionReplyRpcBody extends MissionReplyBody {
  @EntityId()
  id!: number;
}

/** POST /wujie/mission/{id}/review: an administrator approves (continue) or rejects (stop). */
export class MissionReviewBody {
  @Required()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  approve!: boolean;

  /** Why; shown to the owner as the mission's error when rejected. */
  @OptionalText(MISSION_REVIEW_REASON_MAX)
  reason?: string;
}

export class MissionReviewRpcBody extends MissionReviewBody {
  @EntityId()
  id!: number;
}

/**
 * From the agent worker: node `nodeId` of run `runId` asks the owner `question`. Keyed by (run,
 * node, attempt, seq): asked again (a redelivered task, a lock that ran out), it answers the reply
 * once there is one, else `waiting` without asking twice.
 */
export class MissionAskUserBody extends MissionRefBody {
  @RequiredText(64)
  runId!: string;

  @RequiredText(255)
  nodeId!: string;

  @OptionalInt(1, 1000)
  attempt?: number;

  /** The n-th question of this node run (an agent may ask more than once); default 1. */
  @OptionalInt(1, 1000)
  seq?: number;

  /** The external task the worker holds: the reply unlocks it so that a worker fetches it again. */
  @OptionalText(64)
  externalTaskId?: string;

  @RequiredText(MISSION_QUESTION_MAX)
  question!: string;

  @OptionalText(MISSION_QUESTION_MAX)
  questionEn?: string;
}
